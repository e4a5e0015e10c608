// Answers that are files (a PDF, a video, a catalogue image, a 3D model): their media types, and for
// streamed media the partial answers of a Range request (server/files/sendStoredFile.ts).
import { z } from 'zod';

import { emptyAnswer, notModified } from './params';

const binary = z.string().meta({ format: 'binary' });
const media = (types: readonly string[]) => Object.fromEntries(types.map((t) => [t, { schema: binary }]));

/** 200 with the file, as one of `types`. */
export function fileAnswer(types: readonly string[], description = 'Le fichier') {
  return { 200: { description, content: media(types) } };
}

/** 200, 206 for a Range, 304 for a matching If-None-Match, 416 for a range outside the file. */
export function rangedFileAnswers(types: readonly string[], description = 'Le fichier') {
  return {
    ...fileAnswer(types, description),
    206: { description: 'La partie demandée par l’en-tête Range (Content-Range)', content: media(types) },
    304: notModified,
    416: emptyAnswer('Plage hors du fichier : Content-Range: bytes */taille'),
  };
}

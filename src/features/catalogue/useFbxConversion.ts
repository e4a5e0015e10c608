// The FBX conversion of the product form (src/features/catalogue/fbxToGlb.ts): started as soon as an FBX is
// picked, so it is usually done when the form is sent; the submit awaits it otherwise. One conversion per
// file picked: picking the same File again reuses it.
import { useCallback, useRef, useState } from 'react';

import { isFbxName } from '#domain/modelFormats';

import { FbxConversionError, fbxToGlb } from './fbxToGlb';

export type FbxConversion =
  | { status: 'idle' }
  | { status: 'converting'; file: File }
  | { status: 'done'; file: File; glb: File }
  | { status: 'failed'; file: File; message: string };

const FAILED = 'Ce modèle FBX n’a pas pu être converti en GLB.';
const messageOf = (err: unknown) => (err instanceof FbxConversionError ? err.message : FAILED);

export function useFbxConversion() {
  const [state, setState] = useState<FbxConversion>({ status: 'idle' });
  const jobs = useRef(new WeakMap<File, Promise<File>>());

  const jobOf = useCallback((file: File) => {
    let job = jobs.current.get(file);
    if (!job) {
      job = fbxToGlb(file);
      jobs.current.set(file, job);
      setState({ status: 'converting', file });
      job.then(
        (glb) => setState((s) => (s.status !== 'idle' && s.file === file ? { status: 'done', file, glb } : s)),
        (err: unknown) =>
          setState((s) =>
            s.status !== 'idle' && s.file === file ? { status: 'failed', file, message: messageOf(err) } : s,
          ),
      );
    }
    return job;
  }, []);

  /** Called with the file picked (or null when the choice is cleared). */
  const picked = useCallback(
    (file: File | null) => {
      if (file && isFbxName(file.name)) void jobOf(file).catch(() => undefined);
      else setState({ status: 'idle' });
    },
    [jobOf],
  );

  /** The GLB made from `file`, awaited; null when it is not an FBX. Rejects with the French reason. */
  const glbOf = useCallback(
    async (file: File | null): Promise<File | null> => {
      if (!file || !isFbxName(file.name)) return null;
      try {
        return await jobOf(file);
      } catch (err) {
        throw new FbxConversionError(messageOf(err));
      }
    },
    [jobOf],
  );

  return { state, picked, glbOf };
}

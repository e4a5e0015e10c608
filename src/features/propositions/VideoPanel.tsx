// The video played in the page from the downloaded blob, with a link saving it as video.mp4.
import { useEffect, useMemo } from 'react';

export function VideoPanel({ blob }: { blob: Blob }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <div className="prop-video">
      <video src={url} controls autoPlay playsInline aria-label="Vidéo de la proposition" />
      <a href={url} download="video.mp4" className="p-button p-button-text p-button-sm">
        <i className="pi pi-download" aria-hidden="true" />
        &nbsp;Télécharger la vidéo
      </a>
    </div>
  );
}

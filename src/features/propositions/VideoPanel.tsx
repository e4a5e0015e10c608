// The video played in the page from its downloaded object URL, with a link saving it as video.mp4.
export function VideoPanel({ url }: { url: string }) {
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

// Plays a page's video the way the e2e files check that a proposition's video really plays (the sales
// app's customer page, the public share link page): one function, evaluated in the page by Playwright or
// Puppeteer alike (both pass it and its argument to the page).

export interface Played {
  /** Seconds played when it resolved: past the `seconds` asked. */
  currentTime: number;
  /** The decoded frame's width: 0 when the browser could not decode the picture. */
  width: number;
  readyState: number;
  duration: number;
}

/**
 * Runs in the page: plays its first <video> muted (a muted video needs no user gesture) until more than
 * `seconds` of it have played. Null when the page has no video; rejects on a media error.
 */
export async function playFirstVideo(seconds: number): Promise<Played | null> {
  const v = document.querySelector('video');
  if (!v) return null;
  v.muted = true;
  await v.play();
  await new Promise<void>((resolve, reject) => {
    const check = () =>
      v.error
        ? reject(new Error(`media error ${v.error.code}`))
        : v.currentTime > seconds
          ? resolve()
          : setTimeout(check, 50);
    check();
  });
  return { currentTime: v.currentTime, width: v.videoWidth, readyState: v.readyState, duration: v.duration };
}

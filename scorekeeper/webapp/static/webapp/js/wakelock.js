// The screen stays on while a game is open, where the browser offers a wake lock: phones
// otherwise lock between hands. The browser lets the lock go when the app is hidden; it is
// taken again when the app is back on screen.

let wanted = false;
let sentinel = null;
let asking = null;

async function acquire() {
  if (!wanted || sentinel || asking || !navigator.wakeLock || document.visibilityState !== "visible") return;
  asking = navigator.wakeLock.request("screen");
  try {
    const lock = await asking;
    lock.addEventListener("release", () => {
      if (sentinel === lock) sentinel = null;
    });
    sentinel = lock;
    if (!wanted) release();
  } catch {
    // Refused (battery saver, no permission): the screen may lock; nothing else changes.
  } finally {
    asking = null;
  }
}

function release() {
  const lock = sentinel;
  sentinel = null;
  lock?.release().catch(() => {});
}

/** Hold the screen on (true) or let it go (false). */
export function keepAwake(on) {
  wanted = on;
  if (on) acquire();
  else release();
}

document.addEventListener("visibilitychange", acquire);

// Screens a first load does without, fetched as one opens: the service worker keeps them for
// offline all the same (webapp/views.py, ON_DEMAND).

/** The referee's screen (views/referee.js), loaded as it opens. */
export async function showReferee(...args) {
  const { showReferee: show } = await import("./referee.js");
  return show(...args);
}

/** A game's share screen (views/share.js), loaded as it opens. */
export async function showShare(...args) {
  const { showShare: show } = await import("./share.js");
  return show(...args);
}

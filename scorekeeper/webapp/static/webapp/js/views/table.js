// Table mode: this phone at a club night's table, round after round: the seating, the score
// screen at the table's paths, then the result (docs/webapp.md, "Table mode").

import { api, newestOnly, Problem, Unreachable } from "../api.js";
import { deviceOf, remember, saveToken } from "../db.js";
import { lang, t } from "../i18n.js";
import { go, showTabs } from "../nav.js";
import { discard, enqueueResult, events, flush, isResult, keepWritten, pending } from "../outbox.js";
import { namesOneARow, scoreText } from "../rules.js";
import { choices, dismissToast, draft, h, partnersFit, partnersKept, randomId, replace, toast } from "../ui.js";
import { HERE, showJoin } from "./join.js";
import { showLog } from "./log.js";
import { showReferee } from "./later.js";
import { keepEntryInView, messageInView, showScore } from "./score.js";
import { fetchHere, gameOf, letterOf, offTheTable, seatList, timeLine } from "./seated.js";

const POLL_MS = 5000;
const TABS = [
  { tab: "score", path: "/table/" },
  { tab: "referee", path: "/table/referee/" },
  { tab: "log", path: "/table/log/" },
];

function renderTabs(current, hasGame) {
  showTabs(t("tabs.table"), TABS.filter(({ tab }) => hasGame || tab === "score").map(({ tab, path }) => ({
    tab, href: path, icon: t(`tabs.${tab}.icon`), text: t(tab === "score" ? "tabs.table" : `tabs.${tab}`),
  })), current, h);
}

// ---- the table

export async function showTable(main, { tab = "score", code = "" } = {}) {
  const device = await deviceOf();
  if (!device) return showJoin(main, { code });
  replace(main, h("p", { class: "panel hint" }, t("loading")));
  let { here, closed, gone, offline = false, awaiting = false } = await fetchHere(device);
  if (!main.isConnected) return () => {}; // another screen was opened meanwhile (main.js)
  // A confirming phone opened at a table's code once its round is over: it joins again there.
  if (code && device.role !== "scorer" && here?.table?.result?.status === "confirmed") {
    await api.leaveTable(device.token).catch(() => {});
    await offTheTable();
    return showJoin(main, { code });
  }
  if (code) {
    go("/table/", { replace: true });
    return () => {};
  }
  if (gone) {
    await offTheTable();
    return showJoin(main, { message: gone });
  }
  if (!here) {
    replace(main, h("p", { class: "panel" }, t("table.offline")));
    return () => {};
  }
  const table = here.table;
  const number = here.event_table.number;
  renderTabs(tab, !!table?.game);
  document.title = `${t("table.title", { number })} · ${t("app.title")}`;

  const head = h("section", { class: "table-head", "aria-label": t("table.title", { number }) });
  const body = h("div", { class: "table-body" });
  const result = h("section", { class: "panel result", "aria-labelledby": "result-title" });
  // (The confirm buttons whole, where it has them.)
  const toResult = () => { (result.querySelector(".confirm") || result).scrollIntoView({ block: "nearest" }); messageInView(); };
  // A result waiting for the opponents, on a phone of theirs: what it is there for now.
  const waitsForThisPhone = () => table?.result?.status === "entered" && device.role !== "scorer";
  const foot = h("div", { class: "table-foot" });
  let cleanup = () => {};
  let view = null;
  const key = table ? (table.game || `table:${table.id}`) : null;
  const scoring = !!table?.game && device.role === "scorer" && !closed;

  function renderHead() {
    if (!table) {
      replace(head, h("h1", { class: "screen-title" }, t("table.title", { number })),
        h("p", { class: "panel" }, t("table.no_game")));
      return;
    }
    const dealer = table.seats.find((seat) => seat.seat === 0);
    replace(head,
      closed ? h("p", { class: "panel warn-text closed", role: "alert" }, t("table.closed")) : null,
      offline ? h("p", { class: "hint" }, t(awaiting ? "table.awaiting_restore" : "table.kept")) : null,
      // The scoring phone's seating folds away (its hand entry names the seats); others show it
      // open until a result waits for them (its confirm buttons name the players).
      h("details", { class: "panel seating-panel", open: !scoring && table.result?.status !== "entered" },
        h("summary", {}, h("span", { class: "table-title" }, t("table.heading", { number, round: table.round })),
          " ", h("span", { class: "hint" }, t("table.deals_first", { dealer: `${dealer.name} (${letterOf(dealer)})` }))),
        h("p", { class: "hint" }, table.event_name),
        seatList(table)),
      // The round's clock, or time called, under the heading on every phone (the scoring
      // phone's seating is folded away); none once the night is closed.
      closed ? null : timeLine(table));
  }

  // ---- the result
  // What was chosen and typed for this round's result survives a redraw (a new round's not).
  const picked = draft(`result:${table?.id}`, () => ({
    entered_by: null, points: ["", ""], entry_pin: "", dispute_by: null, confirm_by: null, confirm_pin: "",
    reason: "", answering: null, disputing: false,
  }));
  /** Who confirms or disputes (the form left open: a redraw keeps it so), and a PIN typed,
   * answer one entered result: once it is entered again (after a dispute) they start afresh. */
  function answering(res) {
    const which = res ? `${res.version}:${res.status}` : null;
    if (picked.answering === which) return;
    Object.assign(picked, { answering: which, confirm_by: null, confirm_pin: "", dispute_by: null, reason: "", disputing: false });
  }
  // Under PINs whoever enters the result types theirs, as the confirming opponent does.
  const entryPinNeeded = () => table.confirm_with === "pin";

  function names(side) {
    return table.seats.filter((seat) => side === undefined || seat.side === side);
  }

  /** Whether the players' names go one a row where text is large (two across would break
   * one of them mid-word). */
  function oneARow(seats) {
    return namesOneARow({ players: table.seats.length }, seats.map((seat) => seat.name));
  }

  function nameOf(player) {
    return table.seats.find((seat) => seat.player === player)?.name || "?";
  }

  // How a result came about: at the table, or by the director (named, never a seat); a
  // correction says what the opponents had confirmed and what it became.
  function howLine(res) {
    const scores = (points) => points.map(scoreText).join(" – ");
    const director = res.director || t("result.a_director");
    const by = t(`result.confirmed.${res.confirmation || "director"}`, { name: nameOf(res.confirmed_by) });
    if (res.provenance === "corrected") {
      const was = res.confirmed_points ? scores(res.confirmed_points) : null;
      const said = was
        ? t("result.corrected_from", { director, was, now: scores(res.points) })
        : t("result.corrected", { director });
      return res.confirmed_by ? `${said} ${by}` : said;
    }
    // An assignment or a forfeit over a result the table had confirmed says that one too.
    if (res.confirmed_points && (res.provenance === "assigned" || res.provenance === "forfeited")) {
      const was = scores(res.confirmed_points);
      return t(`result.${res.provenance}_from`, { director, was, now: scores(res.points) });
    }
    if (res.provenance && res.provenance !== "played") return t(`result.${res.provenance}`, { director });
    return by;
  }

  function scoreLine(points) {
    const [a, b] = table.team_names.map(partnersKept);
    return [a, " ", h("span", { class: "keep" }, `${scoreText(points[0])} – ${scoreText(points[1])}`), " ", b];
  }

  // A confirmation or dispute answers the result this phone shows (`shown`, the version
  // drawn on screen): one the director changed meanwhile is refused (412), and shown again
  // as it is now.
  async function write(path, payload, done, shown) {
    const sent = { key: randomId(), version: shown };
    try {
      await api.tableWrite(path, payload, device.token, sent);
      await keepWritten(key, path, payload, sent);
      toast(done);
      await reload();
    } catch (error) {
      toast(error instanceof Unreachable ? t("offline.needed") : error.message, { ms: 8000 });
      if (error instanceof Problem && error.status === 412) await reload();
    }
  }

  async function enterResult(timeCalled) {
    const payload = { entered_by: picked.entered_by };
    if (entryPinNeeded()) payload.pin = picked.entry_pin;
    if (table.entry === "totals") payload.points = picked.points.map(Number);
    if (timeCalled) payload.time_called = true;
    await enqueueResult(key, payload, { path: table.links.result });
    dismissToast(); // (the last hand's Undo, refused from now on)
    picked.entry_pin = ""; // a PIN is typed for one entry, never kept for the next
    // Offline it waits on the phone, and says so; online the result panel shows it sent.
    if (!navigator.onLine) toast(t("result.kept"));
    flush();
    renderResult();
  }

  function whoEnters() {
    return choices({
      name: "entered-by",
      legend: t("result.entered_by"),
      columns: 2,
      words: oneARow(names()),
      value: picked.entered_by,
      options: names().map((seat) => ({ value: seat.player, face: seat.name, sub: letterOf(seat) })),
      onchange: (value) => {
        picked.entered_by = Number(value);
        enterButtons(); // (only they change: the PIN field being typed in stays as it is)
        // The next tap is there: at large text the panel is taller than the screen.
        enterArea.scrollIntoView({ block: "nearest" });
      },
    });
  }

  function totalsInputs() {
    // Under an auction a side may end below 0: the phone's own number keyboard then, which
    // has a minus (a numeric keypad has none).
    const negative = Boolean(table.negative_totals);
    return h("div", { class: "totals" }, [0, 1].map((side) => h("label", { class: "field" },
      h("span", {}, table.team_names[side]),
      h("input", {
        type: "number", inputMode: negative ? null : "numeric", min: negative ? -999 : 0, max: 999, value: picked.points[side], required: true,
        oninput: (event) => {
          picked.points[side] = event.target.value;
          enterButtons();
        },
      }))));
  }

  function entryPin() {
    return h("label", { class: "field" }, h("span", {}, t("result.entry_pin")), h("input", {
      name: "entry-pin", class: "pin-input", inputMode: "numeric", pattern: "[0-9]{4}", maxLength: 4, autocomplete: "off",
      value: picked.entry_pin,
      oninput: (event) => {
        picked.entry_pin = event.target.value;
        enterButtons();
      },
    }));
  }

  const enterArea = h("div", { class: "row" });
  function enterButtons() {
    const ready = picked.entered_by !== null && (table.entry !== "totals" || picked.points.every((p) => p !== ""))
      && (!entryPinNeeded() || /^[0-9]{4}$/.test(picked.entry_pin));
    const timeCalled = !!table.time_called_at;
    const done = table.entry === "totals" || !view || roundOver();
    replace(enterArea,
      done ? h("button", { type: "button", class: "primary", disabled: !ready, onclick: () => enterResult(false) }, t("result.enter")) : null,
      timeCalled && !(done && table.entry !== "totals")
        ? h("button", { type: "button", class: done ? "" : "primary", disabled: !ready, onclick: () => enterResult(true) }, t("result.enter_as_it_stands"))
        : null);
  }

  function roundOver() {
    if (!view) return false;
    if (table.round_length === "hands") return view.counted >= table.hands_per_round;
    return view.winner !== null;
  }

  // A confirming phone is for one player (named once): it confirms for that player's side,
  // never the side that entered the result (docs/tournaments.md, "Confirmation").
  let named = here.player ?? null;

  async function nameThisPhone(player) {
    try {
      const now = await api.nameDevice(device.token, player);
      named = now.player;
      await remember(HERE, now);
      renderResult();
    } catch (error) {
      toast(error instanceof Unreachable ? t("offline.needed") : error.message, { ms: 8000 });
    }
  }

  function whoIsThisPhone(side) {
    return h("div", { class: "name-phone" },
      h("p", {}, t("result.phone_for")),
      h("div", { class: "row" }, names(side).map((seat) => h("button", {
        type: "button",
        onclick: () => nameThisPhone(seat.player),
      }, seat.name))));
  }

  /** Who may confirm on this phone, as the event asks; or why nobody may. */
  function confirmersHere(enterer) {
    if (device.role === "scorer") {
      return table.confirm_with === "opponent-device"
        ? { why: t("result.second_device") } : { who: names(1 - enterer.side) };
    }
    const mine = table.seats.find((seat) => seat.player === named);
    if (!mine) return table.confirm_with === "opponent-device" ? { name: true } : { who: names(1 - enterer.side) };
    return mine.side === enterer.side ? { why: t("result.own_side") } : { who: names(mine.side) };
  }

  function confirmButtons(who, shown) {
    return h("div", { class: "row confirm" }, who.map((seat) => h("button", {
      type: "button",
      class: "primary",
      onclick: () => write(`/tables/${table.id}/result/confirm/`, { confirmed_by: seat.player }, t("result.confirmed_toast"), shown),
    }, nameThenBreak(t("result.confirm_as", { name: seat.name }), seat.name))));
  }

  /** Korean breaks only at spaces, and a particle hangs on a name ("Dan입니다:"): the two
   * go to the next line together where the line has no room for them; only a name wider
   * than the button breaks, after itself. */
  function nameThenBreak(text, name) {
    const at = text.indexOf(name);
    if (lang() !== "ko" || at < 0) return text;
    const space = text.indexOf(" ", at + name.length);
    const end = space < 0 ? text.length : space;
    // (One span for the button's words: a flex item of its own each would stand in a row.)
    return h("span", {},
      text.slice(0, at),
      h("span", { class: "name-word" }, name, h("wbr"), text.slice(at + name.length, end)),
      text.slice(end));
  }

  function confirmByPin(who, shown) {
    const pin = h("input", {
      name: "pin", class: "pin-input", inputMode: "numeric", pattern: "[0-9]{4}", maxLength: 4, autocomplete: "off", id: "result-pin",
      value: picked.confirm_pin,
      oninput: (event) => { picked.confirm_pin = event.target.value; },
    });
    return h("div", { class: "confirm pin" },
      choices({
        name: "confirm-by",
        legend: t("result.pin_who"),
        columns: 2,
        words: oneARow(who),
        value: picked.confirm_by,
        options: who.map((seat) => ({ value: seat.player, face: seat.name, sub: letterOf(seat) })),
        onchange: (value) => { picked.confirm_by = Number(value); },
      }),
      h("label", { class: "field" }, h("span", {}, t("result.pin")), pin),
      h("button", {
        type: "button",
        class: "primary",
        onclick: () => {
          if (picked.confirm_by === null || !/^[0-9]{4}$/.test(pin.value)) {
            toast(t("result.pin.missing"));
            return;
          }
          const typed = pin.value;
          // A PIN is typed for one try: gone from the field (and the phone) once sent.
          pin.value = "";
          picked.confirm_pin = "";
          write(`/tables/${table.id}/result/confirm/`, { confirmed_by: picked.confirm_by, pin: typed }, t("result.confirmed_toast"), shown);
        },
      }, t("result.pin_confirm")));
  }

  function confirmArea(res) {
    const enterer = table.seats.find((seat) => seat.player === res.entered_by);
    const allowed = confirmersHere(enterer);
    let confirming = allowed.why ? h("p", { class: "hint" }, allowed.why) : null;
    if (allowed.name) confirming = whoIsThisPhone(1 - enterer.side); // (the other side's players)
    else if (allowed.who) {
      confirming = table.confirm_with === "pin" ? confirmByPin(allowed.who, res.version) : confirmButtons(allowed.who, res.version);
    }
    const ours = names(table.seats.find((seat) => seat.player === named)?.side);
    return [
      confirming,
      h("details", { class: "dispute", open: picked.disputing, ontoggle: (event) => { picked.disputing = event.target.open; } },
        h("summary", {}, t("result.wrong")),
        choices({
          name: "dispute-by",
          legend: t("result.said_by"),
          columns: 2,
          words: oneARow(ours),
          value: picked.dispute_by,
          options: ours.map((seat) => ({ value: seat.player, face: seat.name, sub: letterOf(seat) })),
          onchange: (value) => { picked.dispute_by = Number(value); },
        }),
        h("label", { class: "field" }, h("span", {}, t("result.why")),
          h("textarea", {
            name: "reason", rows: 2, maxLength: 500, id: "dispute-reason", value: picked.reason,
            oninput: (event) => { picked.reason = event.target.value; },
          })),
        h("button", {
          type: "button",
          onclick: () => {
            const reason = result.querySelector("#dispute-reason").value.trim();
            if (!reason || picked.dispute_by === null) {
              toast(t("result.dispute.missing"));
              return;
            }
            write(`/tables/${table.id}/result/dispute/`, { player: picked.dispute_by, reason }, t("result.disputed_toast"), res.version);
          },
        }, t("result.dispute"))),
    ];
  }

  async function renderResult() {
    if (!table) return;
    const res = table.result;
    answering(res);
    const queued = (await pending(key)).filter(isResult);
    const parts = [h("h2", { id: "result-title" }, t("result.title"))];
    // A result the server refused stays listed, with its reason, until the player has read it.
    for (const entry of queued.filter((one) => one.state === "rejected")) {
      parts.push(h("p", { class: "panel rejected", role: "alert" },
        t("rejected.body", { hand: t("rejected.result"), reason: entry.problem?.detail || "" }), " ",
        h("button", { type: "button", class: "quiet small", onclick: () => discard(entry.id) }, t("rejected.ok"))));
    }
    const waiting = queued.find((entry) => entry.state === "waiting");
    if (waiting) {
      parts.push(h("p", {}, t("result.queued")));
    } else if (res && res.status === "confirmed") {
      parts.push(h("p", { class: "result-score" }, scoreLine(res.points)),
        h("p", { class: res.provenance === "played" ? null : "how" }, howLine(res)),
        res.time_called ? h("p", { class: "badge warn" }, t("result.time_called")) : null,
        // (A confirming phone is joined for this round only: it leaves by the foot's button.)
        device.role === "scorer" ? (closed ? null : h("p", { class: "hint" }, t("result.next_round")))
          : h("p", {}, t("result.round_over")));
    } else if (res && res.status === "entered") {
      parts.push(h("p", { class: "result-score" }, scoreLine(res.points)),
        res.confirmed_points ? h("p", { class: "how" }, howLine(res)) : null,
        h("p", {}, t("result.waiting", { name: res.entered_by === null ? res.director : nameOf(res.entered_by) })),
        res.time_called ? h("p", { class: "badge warn" }, t("result.time_called")) : null,
        ...confirmArea(res));
    } else if (device.role !== "scorer") {
      if (res?.status === "disputed") parts.push(h("p", {}, t("result.disputed_told", { name: nameOf(res.disputed_by), reason: res.dispute_reason })));
      parts.push(h("p", { class: "hint" }, t("result.not_yet")));
    } else {
      if (res?.status === "disputed") {
        parts.push(h("p", { class: "panel warn-text dispute-reason", role: "alert" },
          t("result.disputed", { name: nameOf(res.disputed_by), reason: res.dispute_reason })));
      }
      const over = table.entry === "totals" || roundOver();
      const levelAtTime = table.winner_required && table.time_called_at && view && view.score[0] === view.score[1];
      if (levelAtTime && !over) {
        parts.push(h("p", { class: "panel warn-text" }, t("table.time.level")));
      } else if (over || table.time_called_at) {
        parts.push(
          view && table.entry !== "totals" ? h("p", { class: "result-score" }, scoreLine(view.score)) : null,
          table.entry === "totals" ? totalsInputs() : null,
          whoEnters(),
          entryPinNeeded() ? entryPin() : null,
          enterArea);
        enterButtons();
      } else {
        parts.push(h("p", { class: "hint" }, t("result.after_round")));
      }
    }
    // Drawn again (a hand sent, another phone's answer) while a field here is being typed
    // in: the same field, drawn anew, keeps the keyboard (what was typed is in `picked`).
    const typing = result.contains(document.activeElement) ? document.activeElement.name : "";
    replace(result, parts);
    partnersFit(result);
    if (typing) result.querySelector(`[name="${typing}"]`)?.focus();
  }

  // ---- the parts, and keeping up
  // A result sent, until the table is read again: the hands stay closed meanwhile.
  let resultSent = false;

  /** Why the hand entry stops, and with it the hands' Undo and changes (`entries`: what this
   * phone holds for the game): the night closed, or the round's result entered, on the server
   * or here, waiting to be sent (offline, say); not one the server refused. */
  function entryClosed(entries) {
    if (closed) return t("table.closed_short");
    const entered = (table.result && table.result.status !== "disputed") || resultSent
      || entries.some((entry) => isResult(entry) && entry.state !== "rejected");
    return entered ? t("table.result_entered") : null;
  }

  const ctx = table?.game
    ? {
      id: table.game,
      game: null,
      links: table.links,
      token: device.role === "scorer" && !closed ? device.token : null,
      entries: [],
      table: {
        limit: table.round_length === "hands" ? table.hands_per_round : null,
        askTricks: !!table.ask_tricks,
        // The result, right below the hand entry: on the first screen after the last hand.
        after: tab === "score" ? result : null,
        closed: entryClosed,
        timeCalled: () => !!table.time_called_at,
        onview: (next) => {
          const over = roundOver();
          view = next;
          renderResult().then(() => {
            if (!over && roundOver()) toResult();
          });
        },
      },
    }
    : null;

  /** Off the table, on the server and here: a confirming phone, to the join screen. */
  async function leave() {
    try {
      await api.leaveTable(device.token);
    } catch (error) {
      if (!(error instanceof Problem)) {
        toast(t("offline.needed"));
        return;
      }
    }
    await offTheTable();
    toast(t("table.left"));
    go(device.role === "scorer" ? "/" : "/table/", { replace: true });
  }

  async function render() {
    renderHead();
    replace(main, head, body, tab === "score" && !ctx ? result : null, tab === "score" ? foot : null);
    replace(foot, h("button", { type: "button", class: "quiet", onclick: leave }, t("table.leave")));
    if (!ctx) {
      // A totals table has no game: its result is queued under the table, with the token.
      if (table && device.role === "scorer") await saveToken(key, device.token);
      replace(body);
      await renderResult();
      return;
    }
    const kept = await gameOf(table, device);
    ctx.game = kept.game;
    ctx.justRead = kept.read;
    ctx.entries = await pending(ctx.id);
    if (!ctx.game) {
      replace(body, h("p", { class: "panel" }, t("table.offline")));
      return;
    }
    if (tab === "referee") cleanup = await showReferee(body, { game: ctx.game, ctx });
    else if (tab === "log") cleanup = await showLog(body, ctx);
    else cleanup = showScore(body, ctx) || (() => {});
    renderHead();
    await renderResult();
  }

  // (A poll answering after a write read back brings what is older: it is not drawn.)
  const readHere = newestOnly(fetchHere);
  async function reload() {
    const fresh = await readHere(device);
    if (!fresh) return;
    if (fresh.gone) {
      await offTheTable();
      stop(); // (its polls end: a phone off its table is not seen at it)
      cleanup = showJoin(main, { message: fresh.gone }); // (ended as the router leaves: `stop`)
      return;
    }
    // The server waiting for its backup, or a table kept on the phone: said while so.
    if (fresh.offline || fresh.here) {
      const isOffline = !!fresh.offline;
      const isAwaiting = isOffline && !!fresh.awaiting;
      if (isOffline !== offline || isAwaiting !== awaiting) {
        offline = isOffline;
        awaiting = isAwaiting;
        renderHead();
      }
    }
    if (!fresh.here || fresh.offline) return;
    const next = fresh.here.table;
    if (fresh.closed && !closed) {
      go(location.pathname, { replace: true });
      return;
    }
    if ((next?.id || null) !== (table?.id || null)) {
      toast(next ? t("table.new_round", { round: next.round }) : t("table.no_game"), { ms: 8000 });
      go("/table/", { replace: true });
      return;
    }
    if (!next) return;
    const changed = JSON.stringify(next.result) !== JSON.stringify(table.result)
      || next.time_called_at !== table.time_called_at;
    const timeNow = !table.time_called_at && next.time_called_at;
    const disputedNow = table.result?.status !== "disputed" && next.result?.status === "disputed";
    Object.assign(table, next);
    // The round's minutes left, read again at each poll.
    head.querySelector(".clock")?.replaceWith(timeLine(table) || "");
    if (changed) {
      resultSent = false; // (the server's word on the result from now on)
      ctx?.table.refresh?.();
      renderHead();
      await renderResult();
      // Time called pushes the hand entry down: its outcome row stays on screen; a result to
      // confirm comes into view on the opponents' phone.
      if (next.time_called_at) keepEntryInView();
      // Time called just now: the phone buzzes where it can (the words are the table's line).
      if (timeNow) navigator.vibrate?.(200);
      if (waitsForThisPhone()) toResult();
      // Disputed: the scoring phone enters it again, its button in view below the reason.
      else if (disputedNow && enterArea.isConnected) enterArea.scrollIntoView({ block: "nearest" });
    }
  }

  const onChange = (event) => {
    if (event.detail.gameId === key) renderResult();
  };
  const onSent = (event) => {
    if (!isResult(event.detail.entry)) return;
    resultSent = true;
    reload();
  };
  events.addEventListener("change", onChange);
  events.addEventListener("sent", onSent);
  const timer = setInterval(() => {
    if (navigator.onLine && document.visibilityState !== "hidden") reload();
  }, POLL_MS);
  await render();
  // In view at once as the phone opens (at large text the seating may fill the screen).
  if (tab === "score" && waitsForThisPhone()) toResult();
  return stop;

  function stop() {
    clearInterval(timer);
    events.removeEventListener("change", onChange);
    events.removeEventListener("sent", onSent);
    cleanup();
    cleanup = () => {};
  }
}

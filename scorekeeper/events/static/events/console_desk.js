// The open table on the console: its seats (a substitute for this round), its hands (amend,
// add, undo), its result (corrected, entered from its hands, assigned, forfeited) and its part
// of the change log. Every change says why, in the desk's one "why" box. The forms are the
// page's own; a refresh redraws only the table's data (summary, seats, hands, log). A change is
// made on the table (or its hands) as the director saw it when they began it, not as a refresh
// read it since: whatever another director changed meanwhile is shown (412) before it is lost.
import { $, $$, api, ask, attempt, byHands, changeItem, done, el, formData, handAction, options, resultLine, scoreLine, seatWord, t } from "./console_kit.js";

const desk = $(".desk");
let open = null; // { table, round } as the board last had them
let newest = 0; // the board's newest round

/** A message's key as it reads where a side has more than one partner (six-handed tables). */
function partnersOrOne(key) {
  return Number(document.body.dataset.tableSize) > 4 ? `${key}.partners` : key;
}

function reason() {
  return $(".desk-reason", desk).value.trim();
}

/** A change of the desk's made: the "why" it gave is spent, so the next change asks its own
 * (not logged with this one's), then the console reads the night again and says so at `key`. */
function spent(key, message) {
  $(".desk-reason", desk).value = "";
  return done(key, message);
}

/** Each side's name on the desk's forms: its team's in a team event, as the board says it;
 * else its players'. */
function sideNames(table) {
  if (document.body.dataset.teams === "1" && table.team_names?.length === 2) return table.team_names;
  return [0, 1].map((side) => table.seats.filter((s) => s.side === side).map((s) => s.name).join(" & "));
}

function drawSeats(table) {
  const list = $(".desk-seats", desk);
  list.replaceChildren(
    ...table.seats.map((s) => {
      let who = s.substitute_for ? t("substitute_for", { name: s.name, absent: s.substitute_for }) : s.name;
      if (s.absent) who = t(partnersOrOne("absent_seat"), { name: s.name });
      return el("li", { text: t("seat", { letter: seatWord(s.letter), name: who }) });
    }),
  );
  const seatChoices = table.seats.map((s) => [s.seat, t("seat", { letter: seatWord(s.letter), name: s.name })]);
  options($(".substitute-form", desk).elements.seat, seatChoices);
  const absent = $(".absent-form", desk);
  if (absent) options(absent.elements.seat, seatChoices);
  options($(".hand-form", desk).elements.maker, seatChoices);
  const names = sideNames(table);
  for (const side of [0, 1]) {
    for (const span of $$(`.side-${side}-name`, desk)) span.textContent = names[side];
  }
}

function handText(hand, game) {
  if (hand.kind === "penalty") return t("hand_penalty");
  if (hand.kind === "thrown-in" || hand.maker === null) return t("thrown_in");
  const maker = game.players[hand.maker] || game.ruleset.seats[hand.maker];
  // The suit and the tricks only where the table gave them; else how the hand ended.
  const trump = hand.trump
    ? $(`.hand-form select[name=trump] option[value="${hand.trump}"]`, desk)?.textContent || hand.trump
    : null;
  // An auction's makers bid (the form's words: "Moon", not "moon"); nobody called trump.
  const bid = hand.bid ?? null;
  const said = bid === null ? null : $(`.hand-form select[name=bid] option[value="${bid}"]`, desk)?.textContent || bid;
  const parts = game.ruleset.bidding === "auction"
    ? [said === null ? t("hand_won_bid", { maker }) : t("hand_bid", { maker, bid: said }), ...(trump ? [trump] : [])]
    : [trump ? t("hand_called_suit", { maker, trump }) : t("hand_called", { maker })];
  if (hand.alone) parts.push(t("hand_alone"));
  // How it ended: the tricks, else the outcome its award says (the game's hands and its
  // log's alike); nothing where neither is known.
  const ended = hand.maker_tricks !== null && hand.maker_tricks !== undefined
    ? t("hand_took", { tricks: hand.maker_tricks })
    : hand.outcome ? t(`outcome_${hand.outcome}`) : null;
  if (ended) parts.push(ended);
  return parts.join(", ");
}

function handPoints(hand) {
  const points = hand.award?.points || {};
  return scoreLine([0, 1].map((side) => points[String(side)] || 0));
}

async function drawHands(table) {
  const part = $(".desk-hands-part", desk);
  part.hidden = !table.game_id;
  if (!table.game_id) return;
  const game = await api("GET", `/api/v1/games/${table.game_id}/`);
  open.game = game.version; // what a change of its hands is made on
  const list = $(".desk-hands", desk);
  list.replaceChildren(
    ...game.hands.map((hand, i) => {
      const item = el("li", { text: t("hand_line", { number: hand.number, what: handText(hand, game), points: handPoints(hand) }) });
      const amend = el("button", { type: "button", class: "secondary small", text: t("amend") });
      amend.addEventListener("click", () => startAmend(hand));
      item.append(" ", amend);
      if (i === game.hands.length - 1) {
        const undo = el("button", { type: "button", class: "secondary small", text: t("undo") });
        undo.addEventListener("click", () => undoHand(hand.number));
        item.append(" ", undo);
      }
      return item;
    }),
  );
  if (!game.hands.length) list.append(el("li", { class: "note", text: t("no_hands") }));
}

async function drawLog(table, round) {
  const event = document.body.dataset.event;
  const changes = await api("GET", `/api/v1/events/${event}/log/?table=${table.number}&round=${round.number}`);
  $(".desk-log", desk).replaceChildren(...changes.slice().reverse().map(changeItem));
}

function drawSummary(table, round) {
  $(".desk-title", desk).textContent = `${t("table", { number: table.number })} · ${t("round", { number: round.number })}`;
  // The result said as its tile on the board says it (a director's correction or a forfeit
  // is no opponents' confirmation).
  const sides = t("versus", { first: table.team_names[0], second: table.team_names[1] });
  $(".desk-summary", desk).textContent = `${sides}: ${resultLine(table)}${byHands ? ` · ${t("hands", { count: table.hands })}` : ""}`;
}

const FROM_ITS_HANDS = new Set(["played", "confirmed-by-director"]);

async function draw() {
  const { table, round } = open;
  // Totals are keyed in on a totals night, and for a table that entered no hand (it played
  // on paper: its tally card); a table's hands are read again on a hand-by-hand night.
  $(".totals-form", desk).hidden = byHands && table.hands > 0;
  const keyed = $(".totals-form button[type=submit]", desk);
  keyed.textContent = keyed.dataset[table.provenance ? "correct" : "enter"];
  // (A result the table entered from its hands and had confirmed follows them already: nothing
  // to take again. One still waiting for the opponents is confirmed by taking it.)
  const followsItsHands = table.state === "confirmed" && FROM_ITS_HANDS.has(table.provenance);
  $(".rederive-form", desk).hidden = !byHands || table.hands === 0 || followsItsHands;
  drawSummary(table, round);
  drawSeats(table);
  await Promise.all([drawHands(table), drawLog(table, round)]);
}

/** Open a table of the board on the desk (and bring it into view). */
export function openDesk(table, round) {
  const changed = !open || open.table.id !== table.id;
  open = { table, round };
  desk.hidden = false;
  if (changed) {
    // What was begun on another table is not this one's: its values go, and its version.
    $(".desk-reason", desk).value = "";
    stopAmend();
    for (const form of tableForms()) {
      form.reset();
      settled(form);
    }
  }
  attempt("desk", draw, { read: true });
  desk.scrollIntoView({ block: "start" });
}

/** The board was read again: the open table's data follows it (drawn once this returns, so
 * that what is begun after a change of the director's own is made on it). */
export async function refreshDesk(rounds) {
  newest = Math.max(0, ...rounds.map((round) => round.number));
  if (!open) return;
  for (const round of rounds) {
    const table = round.tables.find((x) => x.id === open.table.id);
    if (table) {
      open = { table, round, game: open.game };
      await attempt("desk", draw, { read: true });
    }
  }
}

// What a change is made on ----------------------------------------------------------------------
// A form's version (`data-version`) is taken as the director begins it (the first thing typed or
// chosen there; an amendment's as it is started) and kept until it is saved, refused as changed
// meanwhile (the director then looks, and a save again is made on what they see), or let go (the
// desk closed, another table opened). A refresh moves what the desk shows, never that.

/** The forms that change the table itself (its seats and its result). */
function tableForms() {
  return [".substitute-form", ".absent-form", ".totals-form", ".rederive-form", ".assign-form", ".forfeit-form"]
    .map((selector) => $(selector, desk))
    .filter(Boolean);
}

/** What the desk shows of the form's object now: the table's version, or its game's. */
function shownVersion(form) {
  return form.classList.contains("hand-form") ? open.game : open.table.version;
}

function begun(form) {
  const shown = open ? shownVersion(form) : undefined;
  if (form.dataset.version === undefined && shown !== undefined) form.dataset.version = String(shown);
}

/** The version the form's change is made on (as the director began it; begun now if not). */
function basedOn(form) {
  begun(form);
  return form.dataset.version === undefined ? undefined : Number(form.dataset.version);
}

function settled(form) {
  delete form.dataset.version;
}

/** Save the form's change with `write(version)`; a 412 lets its version go once the director
 * has seen it, so that saving again is made on the table as it is shown after. */
async function saving(form, write) {
  try {
    await write(basedOn(form));
    settled(form);
  } catch (error) {
    if (error.status === 412) settled(form);
    throw error;
  }
}

for (const form of [...tableForms(), $(".hand-form", desk)]) {
  for (const type of ["input", "change"]) form.addEventListener(type, () => begun(form));
}

// The hands ---------------------------------------------------------------------------------

/** Back to adding a hand, the form as new: an amendment's values are not the next hand's. */
function stopAmend() {
  const form = $(".hand-form", desk);
  form.reset();
  form.elements.number.value = "";
  delete form.dataset.version;
  $("legend", form).textContent = form.dataset.add;
  $(".cancel-amend", form).hidden = true;
}

function startAmend(hand) {
  const form = $(".hand-form", desk);
  form.elements.number.value = String(hand.number);
  // The amendment is made on the hands as the director saw them when they began it.
  form.dataset.version = String(open.game);
  if (hand.maker !== null) form.elements.maker.value = String(hand.maker);
  form.elements.trump.value = hand.trump || "";
  const tricks = hand.maker_tricks !== null && hand.maker_tricks !== undefined;
  const ending = form.elements.ending;
  ending.value = tricks ? String(hand.maker_tricks) : hand.outcome || "made";
  if (ending.selectedIndex < 0) ending.selectedIndex = 0; // (a renege has no ending: one is chosen)
  if (form.elements.alone) form.elements.alone.checked = Boolean(hand.alone);
  if (form.elements.bid && hand.bid !== null && hand.bid !== undefined) form.elements.bid.value = String(hand.bid);
  $("legend", form).textContent = form.dataset.amend.replace("{number}", hand.number);
  $(".cancel-amend", form).hidden = false;
  form.elements.maker.focus();
}

async function undoHand(number) {
  const { table, round } = open;
  const version = open.game; // the hands as listed when the director chose to undo
  if ((await ask(t("undo_ask", { number, table: table.number }))) === null) return;
  await attempt("desk-hands", async () => {
    try {
      await api("DELETE", `/api/v1/tables/${table.id}/hands/${number}/`, { reason: reason() }, version);
    } catch (error) {
      // Changed meanwhile: who changed which hand since, as the hand form says it.
      if (error.status === 412) error.body.changes = await handsChangedSince(table, round, version);
      throw error;
    }
    await spent("desk-hands", t("hand_undone", { number }));
  });
}

$(".hand-form", desk).addEventListener("submit", (e) => {
  e.preventDefault();
  const f = formData(e.target);
  const body = { maker: Number(f.maker), reason: reason() };
  if (e.target.elements.alone) body.alone = f.alone === "on";
  if (f.trump) body.trump = f.trump;
  // An auction's hand: the makers' winning bid (tricks, or a lone bid) and their tricks.
  if (f.bid) body.bid = /^\d+$/.test(f.bid) ? Number(f.bid) : f.bid;
  // How it ended: an outcome, or the makers' tricks where the table kept them.
  if (/^\d+$/.test(f.ending)) body.maker_tricks = Number(f.ending);
  else body.outcome = f.ending;
  const { table, round } = open;
  const form = e.target;
  const version = basedOn(form);
  attempt("desk-hands", async () => {
    const number = f.number ? Number(f.number) : null;
    try {
      const written = number
        ? await api("PATCH", `/api/v1/tables/${table.id}/hands/${number}/`, body, version)
        : await api("POST", `/api/v1/tables/${table.id}/hands/`, body, version);
      // The next hand is begun on this one (the desk is drawn again only after).
      if (open?.table.id === table.id) open.game = written.game.version;
      stopAmend();
      await spent("desk-hands", t("hand_saved", { number: number || written.number }));
    } catch (error) {
      if (error.status === 412) {
        // Changed meanwhile: who changed which hand since, from the game's own log; once the
        // director has looked, saving again is made on what they saw.
        error.body.changes = await handsChangedSince(table, round, version);
        settled(form);
      }
      throw error;
    }
  });
});

$(".cancel-amend", desk).addEventListener("click", stopAmend);

/** The game's log since `version`, as the change log lists a table's changes: each hand it
 * kept before and after said as the desk's list says a hand. */
async function handsChangedSince(table, round, version) {
  try {
    const [log, game] = await Promise.all([
      api("GET", `/api/v1/games/${table.game_id}/log/`),
      api("GET", `/api/v1/games/${table.game_id}/`),
    ]);
    const said = (hand) => (hand?.kind
      ? t("hand_line", { number: hand.number, what: handText(hand, game), points: handPoints(hand) })
      : hand);
    return log.filter((entry) => entry.version > version).map((entry) => ({
      ...entry,
      action: t("hand_changed", { number: entry.hand_number ?? "?", action: handAction(entry.action) }),
      before: said(entry.before),
      after: said(entry.after),
      round: round.number,
      table: table.number,
    }));
  } catch {
    return [];
  }
}

// The seats ---------------------------------------------------------------------------------

$(".substitute-form", desk).addEventListener("submit", (e) => {
  e.preventDefault();
  const form = e.target;
  const f = formData(form);
  const { table } = open;
  attempt("desk-seats", () => saving(form, async (version) => {
    const seat = await api("POST", `/api/v1/tables/${table.id}/seats/${f.seat}/substitute/`, { player: f.player.trim(), reason: reason() }, version);
    form.elements.player.value = "";
    await spent("desk-seats", t("substitute_done", { name: seat.name, letter: seatWord(seat.letter) }));
  }));
});

$(".absent-form", desk)?.addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = e.target;
  const seat = Number(formData(form).seat);
  const { table } = open;
  const name = table.seats.find((s) => s.seat === seat)?.name;
  const choosing = form.dataset.version === undefined;
  begun(form); // the table as the director chose, not as it is once they have answered
  if ((await ask(t(partnersOrOne("absent_ask"), { name, number: table.number }))) === null) {
    if (choosing) settled(form);
    return;
  }
  await attempt("desk-seats", () => saving(form, async (version) => {
    await api("POST", `/api/v1/tables/${table.id}/seats/${seat}/absent/`, { reason: reason() }, version);
    await spent("desk-seats", t("absent_done", { name }));
  }));
});

// The result --------------------------------------------------------------------------------

/** A result changed in an earlier round than one already paired from the standings (a Swiss
 * event's): the director hears that the later round stands as paired. */
function resultSaved(key, result) {
  const saved = t("result_saved", { number: open.table.number, points: scoreLine(result.points) });
  const paired = document.body.dataset.paired === "1" && newest > open.round.number;
  return spent(key, paired ? `${saved} ${t("paired_before", { number: newest })}` : saved);
}

$(".totals-form", desk).addEventListener("submit", (e) => {
  e.preventDefault();
  const form = e.target;
  const f = formData(form);
  const { table } = open;
  attempt("desk-result", () => saving(form, async (version) => {
    const body = { points: [Number(f.side0), Number(f.side1)], reason: reason() };
    await resultSaved("desk-result", await api("PATCH", `/api/v1/tables/${table.id}/result/`, body, version));
  }));
});

$(".rederive-form", desk).addEventListener("submit", (e) => {
  e.preventDefault();
  const form = e.target;
  const f = formData(form);
  const { table } = open;
  attempt("desk-result", () => saving(form, async (version) => {
    const body = { reason: reason(), time_called: f.time_called === "on" };
    await resultSaved("desk-result", await api("PATCH", `/api/v1/tables/${table.id}/result/`, body, version));
  }));
});

function award(f, side) {
  const kind = f[`award${side}`];
  return kind === "points" ? Number(f[`points${side}`] || 0) : kind;
}

$(".assign-form", desk).addEventListener("submit", (e) => {
  e.preventDefault();
  const form = e.target;
  const f = formData(form);
  const { table } = open;
  attempt("desk-assign", () => saving(form, async (version) => {
    const body = { sides: [award(f, 0), award(f, 1)], reason: reason() };
    await resultSaved("desk-assign", await api("POST", `/api/v1/tables/${table.id}/result/assign/`, body, version));
  }));
});

$(".forfeit-form", desk).addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = e.target;
  const side = Number(formData(form).side);
  const { table } = open;
  const names = sideNames(table);
  const choosing = form.dataset.version === undefined;
  begun(form); // the table as the director chose, not as it is once they have answered
  if ((await ask(t("forfeit_ask", { side: names[side], number: table.number }))) === null) {
    if (choosing) settled(form);
    return;
  }
  await attempt("desk-assign", () => saving(form, async (version) => {
    const body = { forfeited_by: side, reason: reason() };
    await resultSaved("desk-assign", await api("POST", `/api/v1/tables/${table.id}/result/forfeit/`, body, version));
  }));
});

$(".close-desk", desk).addEventListener("click", () => {
  // What was begun here is let go: a table opened again is changed as it is then.
  for (const form of tableForms()) settled(form);
  stopAmend();
  open = null;
  desk.hidden = true;
});

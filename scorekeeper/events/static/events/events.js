// The events screens: each page names its screen on <body data-screen>; this script fills it
// from the events API and sends what the director or the table does. No build step: an ES
// module that borrows the web app's API wrapper and DOM helpers.
import { call } from "../webapp/js/api.js";
import { h as el, randomId } from "../webapp/js/ui.js";

const REFRESH_MS = 5000;
const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

function cookie(name) {
  const found = document.cookie.split("; ").find((part) => part.startsWith(name + "="));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
}

// The web app's API wrapper: a table's device sends its token; a director's session sends the
// CSRF token on writes; a new hand gets its Idempotency-Key.
async function api(method, url, body, token) {
  const headers = {};
  if (!token && method !== "GET") headers["X-CSRFToken"] = cookie("csrftoken");
  const key = method === "POST" && url.endsWith("/hands/") ? randomId() : undefined;
  const answer = await call(method, url.replace(/^\/api\/v1/, ""), { body, token, key, headers });
  return answer.data;
}

function say(text, bad = false) {
  const box = $(".message");
  box.textContent = text;
  box.classList.toggle("bad", bad);
  box.hidden = !text;
}

// Run an action from a button or form; a problem is shown, not thrown.
async function attempt(action) {
  try {
    say("");
    await action();
  } catch (error) {
    say(error.message, true);
  }
}

function options(select, items, placeholder) {
  const keep = select.value;
  select.replaceChildren();
  if (placeholder) select.append(el("option", { value: "", text: placeholder }));
  for (const [value, label] of items) select.append(el("option", { value: String(value), text: label }));
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}

// Standings --------------------------------------------------------------------------------

function standingsTable(data) {
  const teams = data.ranked_by === "match points";
  const head = ["#", teams ? "Team" : "Player", "Played", "Won", teams ? "Match pts" : "Total", "For", "Against", "Euchres", "Tie-break"];
  const table = el("table", { class: "standings-table" });
  table.append(el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { text: h })))));
  const body = el("tbody");
  for (const row of data.rows) {
    // In an individual event a row is a player: their name opens their page.
    const name = teams
      ? el("td", { text: row.name })
      : el("td", {}, el("a", { href: `/events/players/${row.key}/`, text: row.name }));
    body.append(
      el(
        "tr",
        {},
        el("td", { text: String(row.rank) }),
        name,
        ...[
          row.played,
          row.wins,
          teams ? row.match_points : row.total,
          row.points_for,
          row.points_against,
          row.euchres,
          row.tie_break || "",
        ].map((v) => el("td", { text: String(v) })),
      ),
    );
  }
  table.append(body);
  const box = el("div");
  box.append(table);
  if (data.waiting) box.append(el("p", { class: "note", text: `${data.waiting} result(s) waiting for confirmation.` }));
  const prizes = el("ul", { class: "prizes" });
  for (const prize of data.side_prizes) {
    const who = prize.winners.map((w) => `${w.name} (${w.value})`).join(", ") || "none yet";
    prizes.append(el("li", { text: `${prize.title}: ${who}` }));
  }
  box.append(prizes);
  return box;
}

async function showStandings(event, root) {
  const data = await api("GET", `/api/v1/events/${event}/standings/`);
  root.replaceChildren(standingsTable(data));
}

function roundBlock(round, { director = false, event = null, onTakeover = null } = {}) {
  const block = el("div", { class: "round" });
  const title = el("h3", { text: `Round ${round.number}${round.complete ? " (complete)" : ""}` });
  block.append(title);
  if (director) {
    block.append(
      el(
        "p",
        { class: "actions" },
        el("a", { class: "button secondary", href: `/events/${event}/cards/`, text: "Table cards (the night)" }),
        " ",
        el("a", { class: "button secondary", href: `/events/${event}/rounds/${round.number}/sheet/`, text: "Round sheet" }),
      ),
    );
  }
  const list = el("ul", { class: "list tables" });
  for (const table of round.tables) {
    const seats = table.seats.map((s) => s.name);
    const status = table.result
      ? `${table.result.points[0]}-${table.result.points[1]} ${table.result.status}`
      : "playing";
    const item = el("li", { "data-table": String(table.number) });
    item.append(el("strong", { text: `Table ${table.number}` }), ` ${table.team_names[0]} v ${table.team_names[1]} `);
    item.append(el("span", { class: "status", text: status }));
    if (director && table.join_code) {
      item.append(" ", el("code", { class: "code", text: table.join_code }));
      item.append(" ", el("button", { type: "button", class: "secondary small", text: "Hand over", onclick: () => onTakeover(table) }));
    }
    list.append(item);
  }
  block.append(list);
  if (round.sit_outs.length) block.append(el("p", { text: `Sitting out: ${round.sit_outs.join(", ")}` }));
  return block;
}

// The director's home --------------------------------------------------------------------

function director() {
  $(".new-club").addEventListener("submit", (e) => {
    e.preventDefault();
    attempt(async () => {
      await api("POST", "/api/v1/clubs/", { name: formData(e.target).name });
      location.reload();
    });
  });
  for (const form of $$(".new-event")) {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const club = form.closest("[data-club]").dataset.club;
      const f = formData(form);
      const body = {
        name: f.name,
        format: f.format,
        ruleset: f.preset,
        round_length: f.round_length,
        entry: f.entry,
        sit_out_credit: f.sit_out_credit,
        sit_out_points: Number(f.sit_out_points || 0),
      };
      if (f.round_length === "hands") body.hands_per_round = Number(f.hands_per_round);
      if (f.format === "progressive") body.rounds_planned = Number(f.rounds_planned);
      attempt(async () => {
        const event = await api("POST", `/api/v1/clubs/${club}/events/`, body);
        location.assign(`/events/${event.id}/manage/`);
      });
    });
  }
}

// The director's event screen ----------------------------------------------------------

function manage() {
  const event = document.body.dataset.event;
  const teams = document.body.dataset.teams === "1";
  const base = `/api/v1/events/${event}/`;
  let published = false;

  async function load() {
    const [info, entrants, rounds] = await Promise.all([
      api("GET", base),
      api("GET", base + (teams ? "teams/" : "players/")),
      api("GET", base + "rounds/"),
    ]);
    published = info.published;
    $(".publish").textContent = published ? "Hide from the public" : "Publish";
    const list = $(".entrants");
    list.replaceChildren();
    for (const entrant of entrants) {
      const label = teams ? `${entrant.seed}. ${entrant.name} (${entrant.players.join(" & ")})` : entrant.name;
      const item = el("li", {}, label + (entrant.active ? "" : " (left)"));
      if (!teams && entrant.active) {
        item.append(
          " ",
          el("button", {
            type: "button",
            class: "secondary small",
            text: "Leaves",
            onclick: () => attempt(async () => {
              await api("DELETE", `${base}players/${entrant.player}/`);
              await load();
            }),
          }),
        );
      }
      list.append(item);
    }
    const box = $(".rounds");
    box.replaceChildren(
      ...rounds
        .slice()
        .reverse()
        .map((round) => roundBlock(round, { director: true, event, onTakeover: takeover })),
    );
    await showStandings(event, $(".standings"));
  }

  function takeover(table) {
    attempt(async () => {
      const answer = await api("POST", `/api/v1/tables/${table.id}/takeover/`);
      say(`Table ${table.number} has a new join code: ${answer.join_code}`);
      await load();
    });
  }

  $(".publish").addEventListener("click", () =>
    attempt(async () => {
      await api("PATCH", base, { published: !published });
      await load();
    }),
  );
  const addPlayers = $(".add-players");
  if (addPlayers) {
    addPlayers.addEventListener("submit", (e) => {
      e.preventDefault();
      const names = formData(addPlayers).names.split(/[\n,]/).map((n) => n.trim()).filter(Boolean);
      attempt(async () => {
        for (const name of names) await api("POST", base + "players/", { name });
        addPlayers.reset();
        await load();
      });
    });
  }
  const addTeam = $(".add-team");
  if (addTeam) {
    addTeam.addEventListener("submit", (e) => {
      e.preventDefault();
      const f = formData(addTeam);
      attempt(async () => {
        await api("POST", base + "teams/", { name: f.name, players: [f.first, f.second] });
        addTeam.reset();
        await load();
      });
    });
  }
  $(".next-round").addEventListener("click", () =>
    attempt(async () => {
      const round = await api("POST", base + "rounds/");
      say(`Round ${round.number} is seated.`);
      await load();
    }),
  );
  attempt(load);
  setInterval(() => attempt(load), REFRESH_MS);
}

// The players' event screen --------------------------------------------------------------

function eventScreen() {
  const event = document.body.dataset.event;
  const base = `/api/v1/events/${event}/`;
  const me = $(".me");
  const remembered = `events.me.${event}`;
  let rounds = [];

  function myTable() {
    const player = Number(me.value);
    const out = $(".my-table");
    if (!player || !rounds.length) {
      out.textContent = "";
      return;
    }
    const round = rounds[rounds.length - 1];
    for (const table of round.tables) {
      const seat = table.seats.find((s) => s.player === player);
      if (!seat) continue;
      const partner = table.seats.filter((s) => s.side === seat.side && s.player !== player).map((s) => s.name);
      const against = table.seats.filter((s) => s.side !== seat.side).map((s) => s.name);
      out.textContent = `Round ${round.number}: table ${table.number}, seat ${seat.seat}. Partner: ${partner.join(", ")}. Against: ${against.join(" and ")}.`;
      return;
    }
    const name = me.options[me.selectedIndex].text;
    out.textContent = round.sit_outs.includes(name)
      ? `Round ${round.number}: you sit out this round.`
      : `Round ${round.number}: you are not seated.`;
  }

  async function load() {
    const [players, schedule] = await Promise.all([api("GET", base + "players/"), api("GET", base + "rounds/")]);
    rounds = schedule;
    options(me, players.map((p) => [p.player, p.name]), "choose your name");
    if (!me.value && localStorage.getItem(remembered)) me.value = localStorage.getItem(remembered);
    $(".rounds").replaceChildren(...rounds.slice().reverse().map((round) => roundBlock(round)));
    myTable();
    await showStandings(event, $(".standings"));
  }

  me.addEventListener("change", () => {
    localStorage.setItem(remembered, me.value);
    myTable();
  });
  attempt(load);
  setInterval(() => attempt(load), REFRESH_MS);
}

// A table's phone ----------------------------------------------------------------------

const DEVICE = "events.device";

function tableScreen() {
  let device = JSON.parse(localStorage.getItem(DEVICE) || "null");
  let table = null;

  const joinCard = $(".join");
  const seated = $(".seated");

  function show() {
    joinCard.hidden = Boolean(device);
    seated.hidden = !device;
  }

  function name(player) {
    const seat = table.seats.find((s) => s.player === player);
    return seat ? seat.name : "?";
  }

  async function load() {
    if (!device) return show();
    try {
      table = await api("GET", `/api/v1/tables/${device.table}/`, undefined, device.token);
    } catch (error) {
      if (error.status === 401 || error.status === 404) {
        localStorage.removeItem(DEVICE);
        device = null;
        say("This phone no longer holds the table: join again with the new code.", true);
        return show();
      }
      throw error;
    }
    show();
    render();
    if (table.game) {
      const game = await api("GET", `/api/v1/games/${table.game}/`);
      $(".score").textContent = `${table.team_names[0]} ${game.score[0]} – ${game.score[1]} ${table.team_names[1]}` +
        (table.hands_per_round ? ` · hand ${game.hands.length} of ${table.hands_per_round}` : "");
      $(".hands").replaceChildren(
        ...game.hands.map((hand) => {
          const points = Object.entries(hand.award.points).map(([team, p]) => `+${p} ${table.team_names[team]}`);
          const who = hand.maker === null ? "" : `${table.seats[hand.maker].name} ${hand.alone ? "alone, " : ""}${hand.maker_tricks} tricks: `;
          return el("li", { text: `${who}${hand.award.reason} ${points.join(" ")}` });
        }),
      );
    }
  }

  function render() {
    const scorer = device.role === "scorer";
    const result = table.result;
    const open = !result || result.status === "disputed";
    $(".table-title").textContent = `Round ${table.round}, table ${table.number}`;
    $(".teams").textContent = table.seats.map((s) => `${s.name} (seat ${s.seat})`).join(", ");
    const everyone = table.seats.map((s) => [s.player, s.name]);
    options($(".hand-form [name=maker]"), table.seats.map((s) => [s.seat, s.name]));
    options($(".enter-form [name=entered_by]"), everyone);
    options($(".dispute-form [name=player]"), everyone);
    $(".hands-card").hidden = table.entry !== "hands";
    $(".hand-form").hidden = !(scorer && open && table.entry === "hands");
    const totals = $(".totals");
    totals.hidden = table.entry !== "totals";
    $(".side0").textContent = table.team_names[0];
    $(".side1").textContent = table.team_names[1];
    $(".enter-form").hidden = !(scorer && open);
    const waiting = result && result.status === "entered";
    $(".confirm-form").hidden = !waiting;
    $(".dispute-form").hidden = !waiting;
    if (waiting) {
      const side = table.seats.find((s) => s.player === result.entered_by).side;
      options($(".confirm-form [name=confirmed_by]"), table.seats.filter((s) => s.side !== side).map((s) => [s.player, s.name]));
    }
    let text = "Not entered yet.";
    if (result) {
      const score = `${table.team_names[0]} ${result.points[0]} – ${result.points[1]} ${table.team_names[1]}`;
      if (result.status === "entered") text = `${score}, entered by ${name(result.entered_by)}: the opponents confirm it.`;
      if (result.status === "confirmed") text = `${score}: confirmed${result.confirmed_by ? " by " + name(result.confirmed_by) : ""}.`;
      if (result.status === "disputed") text = `${score} was disputed: fix the hands and enter it again.`;
    }
    $(".result-text").textContent = text;
  }

  const url = (path) => `/api/v1/tables/${device.table}/${path}`;
  const send = (method, path, body) => api(method, url(path), body, device.token);

  $(".join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = formData(e.target);
    attempt(async () => {
      const joined = await api("POST", "/api/v1/tables/join/", { code: f.code, role: f.confirmer ? "confirmer" : "scorer" });
      device = { token: joined.token, table: joined.table.id, role: joined.role };
      localStorage.setItem(DEVICE, JSON.stringify(device));
      e.target.reset();
      await load();
    });
  });
  $(".hand-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = formData(e.target);
    const body = { maker: Number(f.maker), trump: f.trump, maker_tricks: Number(f.maker_tricks), alone: Boolean(f.alone) };
    attempt(async () => {
      await send("POST", "hands/", body);
      e.target.alone.checked = false;
      await load();
    });
  });
  $(".thrown-in").addEventListener("click", () => attempt(async () => {
    await send("POST", "hands/", { thrown_in: true });
    await load();
  }));
  $(".undo").addEventListener("click", () => attempt(async () => {
    const game = await api("GET", `/api/v1/games/${table.game}/`);
    if (!game.hands.length) return;
    await send("DELETE", `hands/${game.hands[game.hands.length - 1].number}/`);
    await load();
  }));
  $(".enter-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = formData(e.target);
    const body = { entered_by: Number(f.entered_by) };
    if (table.entry === "totals") body.points = [Number(f.points0), Number(f.points1)];
    attempt(async () => {
      await send("POST", "result/", body);
      await load();
    });
  });
  $(".confirm-form").addEventListener("submit", (e) => {
    e.preventDefault();
    attempt(async () => {
      await send("POST", "result/confirm/", { confirmed_by: Number(formData(e.target).confirmed_by) });
      await load();
    });
  });
  $(".dispute-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = formData(e.target);
    attempt(async () => {
      await send("POST", "result/dispute/", { player: Number(f.player), reason: f.reason });
      e.target.reset();
      await load();
    });
  });
  $(".leave").addEventListener("click", () => {
    localStorage.removeItem(DEVICE);
    device = null;
    show();
  });
  attempt(load);
  setInterval(() => {
    if (device) attempt(load);
  }, REFRESH_MS);
}

const SCREENS = { director, manage, event: eventScreen, table: tableScreen };
const start = SCREENS[document.body.dataset.screen];
if (start) start();

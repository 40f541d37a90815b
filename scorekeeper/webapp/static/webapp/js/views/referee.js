// Ask the referee (docs/webapp.md, "Ask the referee"): a ruling that ends the hand can be
// recorded as the game's next hand.

import { api, Unreachable } from "../api.js";
import { go } from "../nav.js";
import { enqueue, flush, pending } from "../outbox.js";
import { presetRules } from "../db.js";
import { has, lang, t, withParticles } from "../i18n.js";
import {
  PRESETS, RED, STANDARD, auctionBids, awardText, cardFace, cardName, deckCards, firstLeader, handSize,
  isAuction, namesAcross, namesOneARow, partnerships, seatLetter, seatLetters, teamOf, teamSeats,
} from "../rules.js";
import { choices, colonHeld, draft, h, replace, toast, toggle } from "../ui.js";
import { trumpChoice } from "./handform.js";
import { auctionRecord, auctionTold, highestBid, legalBidWord } from "./referee_auction.js";
import { project } from "./projection.js";
import { undoGameHand } from "./score.js";

// Where the rules page explains each rule the referee names (an option is under its own name).
const RULE_SECTIONS = {
  deck: "cards",
  "one-deck": "cards",
  "turn-order": "the-hand",
  "bidding-rounds": "bidding",
  lead: "who-leads",
  "going-alone": "going_alone",
  "follow-suit": "following-suit",
  "hand-size": "the-hand",
  contract: "violations",
  scoring: "awards",
};
// A Korean particle after a seat, in both its forms, for choosing again after a name.
const BOTH_FORMS = { 이: "이(가)", 가: "이(가)", 을: "을(를)", 를: "을(를)", 은: "은(는)", 는: "은(는)", 와: "와(과)", 과: "와(과)" };
const KOREAN_SEAT = /(\d)번 자리(?:([이가을를은는와과])(?:\([이가을를은는와과]\))?)?/g;
const ENGLISH_SEAT = /\b[Ss]eat (\d)\b/g;

/** A rule the referee names (`follow-suit`, `must_hold_suit`) in the player's words. */
function ruleName(rule) {
  if (has(`rule.${rule}`)) return t(`rule.${rule}`);
  return has(`opt.${rule}`) ? t(`opt.${rule}`) : rule;
}

/** A card's face for the eye and its name for a screen reader. */
function cardContent(card, spoken = cardName(card)) {
  return [h("span", { "aria-hidden": "true" }, cardFace(card)), h("span", { class: "visually-hidden" }, spoken)];
}

function cardButton(card, { pressed, disabled, onclick, group }) {
  const red = card !== "JOKER" && RED.has(card[1]);
  return h("button", {
    type: "button",
    class: `card-button${red ? " red" : ""}`,
    "aria-pressed": pressed ? "true" : "false",
    "data-focus": `${group}-${card}`,
    disabled,
    onclick,
  }, ...cardContent(card));
}

/** Seats in rows of a team's seats where seats play in teams, else all in one row. */
function seatColumns(rules) {
  return partnerships(rules) ? teamSeats(rules, 0).length : rules.players;
}

const blank = () => ({
  preset: "standard",
  trump: null,
  maker: null,
  alone: false,
  // A Canadian loner's call: ordered up in round one (the seat left of the loner leads).
  orderedUp: false,
  bid: null,
  noTrump: null,
  // An auction as it was said (Bid Euchre): each seat's bid in turn, and who dealt (asked
  // only outside a game, where the dealer is not known).
  auction: [],
  auctionDealer: null,
  // The exchange of a lone maker: the cards each partner passed (by seat), those laid away.
  passed: {},
  laidAway: [],
  leader: null,
  trick: [],
  handSeat: null,
  hand: [],
  verdict: null,
  verdictLang: null,
  error: "",
  asking: false,
});

export async function showReferee(main, { game, ctx = null } = {}) {
  document.title = `${t("ref.title")} · ${t("app.title")}`;
  const presets = game ? [] : (await presetRules()).filter((item) => PRESETS.includes(item.name));
  // The question being built survives a redraw: a language switch, another tab and back.
  const draftKey = `ref:${game ? game.id : "free"}`;
  const state = draft(draftKey, blank);
  state.asking = false;
  // Inside a game the next hand's dealer is known (the game's, after any hand still queued):
  // the record keeps it, and who leads follows from the rules.
  const { dealer = null, winner: won = null, counted = 0 } = game ? project(game, ctx?.entries || []) : {};
  // (A game won, or a club round's hands all in or its result entered, takes no more hands:
  // no ruling to record.)
  const over = won !== null || (!!ctx?.table?.limit && counted >= ctx.table.limit)
    || !!ctx?.table?.closed(ctx.entries || []);

  const ruleset = () => game?.ruleset
    || presets.find((item) => item.name === state.preset)?.ruleset
    || STANDARD;
  /** Who leads the first trick under the rules: an auction's maker, whoever dealt; in a game
   * the seat the rules name from its dealer and the contract (who may sit out and who went
   * alone). The referee still rules on the seat ticked. */
  const ruledLeader = (from = dealer) => firstLeader(ruleset(), {
    dealer: from, maker: state.maker, alone: alone(), orderedUp: orderedUp(),
  });
  /** Picks who led as the rules say, where this screen knows the dealer or the maker leads. */
  function leadAsRuled() {
    if (dealer === null && !isAuction(ruleset())) return; // (no dealer: the lead says who dealt)
    const leader = ruledLeader();
    if (leader === state.leader) return;
    state.leader = leader;
    state.trick = [];
  }
  const name = (seat) => (game
    ? `${game.players[seat]} (${seatLetter(game.ruleset, seat)})`
    : t(`seat.full.${seatLetters(ruleset())[seat]}`));
  /** Whether the seats' names go one a row where text is large (two across would break one). */
  const seatsOneARow = () => namesOneARow(ruleset(), seatOptions().map((option) => option.face));
  const seatOptions = () => [...Array(ruleset().players).keys()].map((seat) => ({
    value: seat,
    face: game ? game.players[seat] : t(`seat.${seatLetters(ruleset())[seat]}`),
    sub: game ? seatLetter(game.ruleset, seat) : null,
    label: name(seat),
  }));
  /** A choice of one seat (who called, who led, who dealt), its seats named as this screen
   * names them; `pick(seat)` changes the question. */
  const seatChoice = (name, legend, value, pick) => choices({
    name,
    legend,
    columns: seatColumns(ruleset()),
    words: seatsOneARow(),
    value,
    options: seatOptions(),
    onchange: (seat) => change(() => pick(Number(seat))),
  });
  /** Whether the maker plays alone: "went alone", or an auction's lone bid (a moon). */
  const alone = () => (isAuction(ruleset()) ? typeof state.bid === "string" : state.alone);
  /** Whether a Canadian loner's call is told as an order-up in round one (the rules have it). */
  const canadian = () => !isAuction(ruleset()) && ruleset().canadian_loner && alone() && state.maker !== null;
  const orderedUp = () => canadian() && state.orderedUp;
  /** The maker's partners: they sit a lone hand out (and may pass it cards). */
  const makersPartners = () => {
    const rules = ruleset();
    if (state.maker === null || !partnerships(rules)) return [];
    return teamSeats(rules, teamOf(rules, state.maker)).filter((seat) => seat !== state.maker);
  };
  const playOrder = () => {
    const players = ruleset().players;
    const out = new Set(alone() ? makersPartners() : []);
    // (The seat ticked as having led leads, even one sitting out: the referee rules on it.)
    out.delete(state.leader);
    return [...Array(players).keys()].map((i) => (state.leader + i) % players).filter((seat) => !out.has(seat));
  };
  /** How many cards a partner may pass the lone maker: calling for the best gives one (the
   * referee rules on who may), a moon as many as the rules say; otherwise none. */
  function mostPassed() {
    const rules = ruleset();
    if (!alone() || state.maker === null) return 0;
    if (isAuction(rules)) return state.bid === "moon" ? rules.moon_exchange || 0 : 0;
    return rules.call_for_best && rules.call_for_best !== "off" ? 1 : 0;
  }
  /** A new maker, bid or lone call: no exchange told yet. */
  function noExchange() {
    state.passed = {};
    state.laidAway = [];
  }
  if (dealer !== null && state.leader === null) state.leader = ruledLeader();

  /** The referee's words with its seat numbers turned into the names on this screen. */
  function speak(text) {
    if (lang() !== "ko") return text.replace(ENGLISH_SEAT, (_, seat) => name(Number(seat)));
    return withParticles(text.replace(KOREAN_SEAT, (_, seat, after) => name(Number(seat)) + (after ? BOTH_FORMS[after] : "")));
  }

  function change(mutate) {
    mutate();
    state.verdict = null;
    render();
  }

  /** Under an auction, what the makers bid: a number of tricks (`bid`) or a lone bid, and
   * the no-trump they named, if they named no suit. */
  function contractBid() {
    if (!isAuction(ruleset()) || state.bid === null) return {};
    const bid = typeof state.bid === "number" ? { bid: state.bid } : { lone_bid: state.bid };
    return state.noTrump ? { ...bid, no_trump: state.noTrump } : bid;
  }

  /** Bid Euchre's no-trump choices where the rules have them: high (aces high), low. */
  function noTrumpChoice(rules) {
    const kinds = { high: ["high"], "high-low": ["high", "low"] }[rules.no_trump] || [];
    if (!isAuction(rules) || !kinds.length) return null;
    return choices({
      name: "ref-no-trump",
      legend: t("bid.no_trump"),
      columns: kinds.length + 1,
      value: state.noTrump || "suit",
      options: [{ value: "suit", face: t("hand.trump") }, ...kinds.map((kind) => ({
        value: kind, face: t(`bid.no_trump.${kind}`),
      }))],
      onchange: (kind) => change(() => { state.noTrump = kind === "suit" ? null : kind; }),
    });
  }

  /** A Canadian loner's round one as the referee reads it: every seat from the dealer's left
   * passed until the loner ordered the upcard up (which seat leads depends on the round). */
  function roundOneBids(dealt) {
    const players = ruleset().players;
    const bids = [];
    for (let seat = (dealt + 1) % players; seat !== state.maker; seat = (seat + 1) % players) {
      bids.push({ seat, action: "pass" });
    }
    return [...bids, { seat: state.maker, action: "order-up", alone: true }];
  }

  function record() {
    const players = ruleset().players;
    const order = playOrder();
    const out = {
      ruleset: game ? game.ruleset : state.preset,
      // A game's next hand has its dealer. Asked outside a game, the seat left of the dealer
      // leads a turn-up game's first trick: the dealer follows from the lead.
      dealer: dealer !== null ? dealer : (state.leader - 1 + players) % players,
      contract: {
        trump: state.noTrump ? null : state.trump,
        maker: state.maker,
        alone: alone(),
        defender_alone: null,
        ...contractBid(),
      },
      tricks: [state.trick.map((card, i) => ({ seat: order[i], card }))],
    };
    const passed = Object.entries(state.passed).flatMap(([seat, cards]) => cards.map((card) => ({ seat: Number(seat), card })));
    if (mostPassed() && (passed.length || state.laidAway.length)) {
      out.exchange = { passed, discard: state.laidAway };
    }
    if (orderedUp()) out.bids = roundOneBids(out.dealer);
    if (isAuction(ruleset()) && state.auction.length) {
      out.dealer = auctionDealer();
      out.bids = auctionRecord(state.auction);
      if (!contractTold()) { // the bidding asked alone: what was said, and who bids next
        delete out.contract;
        delete out.tricks;
        delete out.exchange;
      }
    }
    if (state.handSeat !== null && state.hand.length) out.hands = { [state.handSeat]: state.hand };
    return out;
  }

  async function ask(event) {
    event?.preventDefault();
    state.asking = true;
    state.error = "";
    render();
    try {
      state.verdictLang = lang();
      state.verdict = await api.check(record(), state.verdictLang);
    } catch (error) {
      state.error = error instanceof Unreachable ? t("offline.needed") : `${error.field ? `${error.field}: ` : ""}${error.message}`;
    }
    state.asking = false;
    render();
    main.querySelector(".ruling")?.focus();
  }

  /** The ruling as the game's next hand: the record (the game's ruleset applies), dealt by
   * the seat whose deal it is, with the referee's award shown until the server's comes. */
  async function recordRuling() {
    const verdict = state.verdict;
    const view = project(ctx.game, await pending(ctx.id));
    const { ruleset: _rules, ...hand } = record();
    if (hand.dealer !== view.dealer) { // (a hand was recorded or undone meanwhile)
      toast(t("ref.record.dealer", { number: view.nextNumber, leader: name(ruledLeader(view.dealer)) }), { ms: 8000 });
      return;
    }
    const entry = await enqueue(ctx.id, { record: hand }, {
      path: ctx.links.hands,
      version: ctx.game.version + view.moves,
      number: view.nextNumber,
      preview: verdict.award,
    });
    flush();
    Object.assign(state, blank());
    // Said on the screen the ruling's hand is scored on, once it is drawn (a new screen
    // clears the last one's messages).
    const number = view.nextNumber;
    const words = t("ref.recorded", { number, award: awardText(ruleset(), verdict.award) });
    await go(ctx.table ? "/table/" : `/g/${ctx.id}/`);
    // (Where the score screen puts its own: in the entry's place, whose redraw ends its Undo.)
    toast(words, {
      ms: 0,
      into: document.querySelector("[data-messages]") || document.querySelector(".entry-area"),
      action: t("hand.undo"),
      onAction: async () => {
        if (await undoGameHand(ctx, { number, entryId: entry.id })) toast(t("undo.done_hand", { number }));
      },
    });
  }

  function trickSection() {
    const order = state.leader === null ? [] : playOrder();
    const cards = deckCards(ruleset().deck);
    return h("fieldset", { class: "panel" },
      h("legend", {}, t("ref.trick")),
      state.leader === null
        ? h("p", { class: "hint" }, t("ref.pick_leader"))
        : [
          h("ol", { class: "trick-slots" }, order.map((seat, i) => h("li", {},
            h("span", { class: "slot-seat" }, name(seat)),
            state.trick[i]
              ? h("button", {
                type: "button",
                class: `slot-card${state.trick[i] !== "JOKER" && RED.has(state.trick[i][1]) ? " red" : ""}`,
                "data-focus": `slot-${i}`,
                onclick: () => change(() => state.trick.splice(i)),
              }, ...cardContent(state.trick[i], t("ref.remove", { card: cardName(state.trick[i]) })))
              : h("span", { class: "slot-empty" }, i === state.trick.length ? t("ref.next_card") : "—")))),
          h("div", { class: `card-grid deck-${ruleset().deck}`, role: "group", "aria-label": t("ref.trick") },
            cards.map((card) => cardButton(card, {
              group: "trick",
              pressed: state.trick.includes(card),
              disabled: state.trick.length >= order.length && !state.trick.includes(card),
              onclick: () => change(() => {
                const at = state.trick.indexOf(card);
                if (at >= 0) state.trick.splice(at);
                else if (state.trick.length < order.length) state.trick.push(card);
              }),
            }))),
        ]);
  }

  /** A grid of the deck's cards to pick up to `most` of, kept in `picked`. */
  function cardPicker(label, picked, most, group) {
    return [
      h("p", { class: "legend" }, colonHeld(label)),
      h("div", { class: `card-grid deck-${ruleset().deck}`, role: "group", "aria-label": label },
        deckCards(ruleset().deck).map((card) => cardButton(card, {
          group,
          pressed: picked.includes(card),
          disabled: picked.length >= most && !picked.includes(card),
          onclick: () => change(() => {
            const at = picked.indexOf(card);
            if (at >= 0) picked.splice(at, 1);
            else picked.push(card);
          }),
        }))),
    ];
  }

  /** The lone maker's exchange, where the rules give one: what each partner passed face
   * down, and what the maker laid away (as many as it was passed). */
  /** The auction's dealer: the game's, else the one picked on this screen. */
  const auctionDealer = () => (dealer !== null ? dealer : state.auctionDealer);

  /** Bid Euchre's auction told bid by bid (`referee_auction.js`); the highest bid so far is
   * the contract's maker and bid. */
  function auctionSection() {
    const rules = ruleset();
    if (!isAuction(rules)) return null;
    const picked = () => { // the contract follows the highest bid still told
      const highest = highestBid(rules, state.auction);
      state.maker = highest ? highest.seat : null;
      state.bid = highest ? highest.bid : null;
      noExchange();
      state.trick = [];
      leadAsRuled();
    };
    return auctionTold({
      rules,
      said: state.auction,
      from: auctionDealer(),
      dealerChoice: dealer === null ? seatChoice("ref-auction-dealer", t("ref.auction.dealer"), state.auctionDealer, (seat) => {
        state.auctionDealer = seat;
        state.auction = [];
        picked();
      }) : null,
      name,
      say: (seat, bid) => change(() => {
        state.auction.push({ seat, bid });
        picked();
      }),
      takeBack: () => change(() => {
        state.auction.pop();
        picked();
      }),
    });
  }

  /** Whether the contract and its first trick are told (else an auction is asked alone). */
  const contractTold = () => (state.trump || state.noTrump) && state.maker !== null && state.leader !== null
    && state.trick.length && (!isAuction(ruleset()) || state.bid !== null);

  function exchangeSection() {
    const most = mostPassed();
    if (!most) return null;
    const partners = makersPartners();
    for (const seat of partners) state.passed[seat] ||= [];
    const passedCount = partners.reduce((sum, seat) => sum + state.passed[seat].length, 0);
    return h("fieldset", { class: "panel exchange" },
      h("legend", {}, t("ref.exchange")),
      h("p", { class: "hint" }, t("ref.exchange.hint")),
      partners.map((seat) => cardPicker(t("ref.exchange.passed", { name: name(seat) }), state.passed[seat], most, `passed-${seat}`)),
      cardPicker(t("ref.exchange.laid", { name: name(state.maker) }), state.laidAway, Math.max(passedCount, state.laidAway.length), "laid"));
  }

  function handSection() {
    const cards = deckCards(ruleset().deck);
    const options = [{ value: "none", face: t("ref.hand.none") }, ...seatOptions()];
    const faces = options.map((option) => option.face);
    return h("fieldset", { class: "panel" },
      h("legend", {}, t("ref.hand")),
      h("p", { class: "hint" }, t("ref.hand.hint")),
      choices({
        name: "hand-seat",
        legend: t("ref.hand.whose"),
        value: state.handSeat === null ? "none" : state.handSeat,
        options,
        // Three across while every name fits whole, else two (one a row where text is large).
        columns: namesAcross(faces, Math.min(ruleset().players + 1, 3)),
        words: namesOneARow(ruleset(), faces),
        onchange: (value) => change(() => {
          state.handSeat = value === "none" ? null : Number(value);
          state.hand = [];
        }),
      }),
      state.handSeat === null ? null : h("div", { class: `card-grid deck-${ruleset().deck}`, role: "group", "aria-label": t("ref.hand.cards", { name: name(state.handSeat) }) },
        cards.map((card) => cardButton(card, {
          group: "hand",
          pressed: state.hand.includes(card),
          disabled: state.hand.length >= handSize(ruleset()) && !state.hand.includes(card),
          onclick: () => change(() => {
            const at = state.hand.indexOf(card);
            if (at >= 0) state.hand.splice(at, 1);
            else state.hand.push(card);
          }),
        }))));
  }

  function ruling() {
    if (state.error) return h("p", { class: "panel error", role: "alert" }, state.error);
    const verdict = state.verdict;
    if (!verdict) return null;
    const rules = ruleset();
    const renege = verdict.violations.some((v) => v.code === "renege");
    const trick = verdict.tricks[0];
    const winner = trick && trick.winner !== null
      ? trick.plays.find((play) => play.seat === trick.winner)
      : null;
    const next = verdict.next;
    return h("section", { class: `panel ruling ${verdict.ok ? "ok" : "bad"}`, tabindex: "-1", "aria-labelledby": "ruling-title" },
      h("h2", { id: "ruling-title" }, renege ? t("ref.renege") : verdict.ok ? t("ref.legal") : t("ref.illegal")),
      verdict.violations.length
        ? [
          h("ul", { class: "violations" }, verdict.violations.map((v) => h("li", {},
            h("p", {}, speak(v.message)),
            h("p", { class: "hint" }, h("a", { class: "more-link", href: `/rules/#${RULE_SECTIONS[v.rule] || v.rule}` },
              t("ref.rule", { rule: ruleName(v.rule) })))))),
        ]
        : h("p", {}, t(verdict.tricks.length ? "ref.no_breach" : "ref.no_breach_yet")),
      winner ? h("p", {}, t("ref.winner", { name: name(winner.seat), card: cardName(winner.card) })) : null,
      !winner && next && next.phase === "play"
        ? h("p", {}, next.legal
          ? t("ref.next_legal", { name: name(next.seat), cards: next.legal.map(cardFace).join(" ") })
          : t("ref.next", { name: name(next.seat) }))
        : null,
      next && next.phase === "bidding" && next.legal
        ? h("p", {}, t("ref.next_bids", { name: name(next.seat), bids: next.legal.map(legalBidWord).join(", ") }))
        : null,
      next && next.phase === "declare" ? h("p", {}, t("ref.next_declare", { name: name(next.seat) })) : null,
      h("p", { class: "award-line" }, verdict.award
        ? t("ref.award", { award: awardText(rules, verdict.award) })
        : t("ref.no_award")),
      ctx?.token && verdict.award && verdict.award.reason !== "thrown-in" && !over
        ? h("button", { type: "button", class: "primary", onclick: recordRuling },
          t("ref.record", { number: ctx.game.hands.length + 1 }))
        : null);
  }

  function render() {
    const active = document.activeElement;
    const focused = active?.dataset?.focus;
    const radio = active?.type === "radio" ? active.name : null;
    const rules = ruleset();
    const ready = contractTold() || (isAuction(rules) && state.auction.length > 0);
    replace(main, h("form", { class: "referee", onsubmit: ask },
      h("h1", { class: "screen-title" }, t("ref.title")),
      h("p", { class: "lead" }, t("ref.lead")),
      game ? null : h("section", { class: "panel" }, choices({
        name: "ref-preset",
        legend: t("new.variant"),
        columns: 2,
        words: true,
        value: state.preset,
        options: presets.map((item) => ({ value: item.name, face: t(`preset.${item.name}`) })),
        onchange: (value) => change(() => {
          Object.assign(state, { preset: value, maker: null, alone: false, bid: null, noTrump: null, leader: null, trick: [], handSeat: null, hand: [], auction: [], auctionDealer: null });
          noExchange();
        }),
      })),
      auctionSection(),
      h("section", { class: "panel" },
        trumpChoice({
          name: "ref-trump",
          value: state.trump,
          onchange: (suit) => change(() => {
            state.trump = suit;
            state.noTrump = null;
          }),
        }),
        noTrumpChoice(rules),
        seatChoice("ref-maker", t(isAuction(rules) ? "hand.maker.bid" : "hand.maker"), state.maker, (seat) => {
          state.maker = seat;
          noExchange();
          if (alone()) state.trick = []; // who sits out follows the maker
          leadAsRuled(); // (an auction's maker leads; a loner may sit the dealer's left out)
        }),
        !isAuction(rules) && rules.going_alone ? toggle({
          label: t("hand.alone"),
          checked: state.alone,
          onchange: (lone) => change(() => {
            state.alone = lone;
            noExchange();
            state.trick = []; // the partners sit out, or come back in
            leadAsRuled();
          }),
        }) : null,
        canadian() ? toggle({
          label: t("ref.ordered_up"),
          checked: state.orderedUp,
          onchange: (up) => change(() => {
            state.orderedUp = up;
            leadAsRuled(); // a Canadian loner who ordered up: the seat left of the loner leads
          }),
        }) : null,
        isAuction(rules) ? choices({
          name: "ref-bid",
          legend: t("hand.bid"),
          columns: 4,
          value: state.bid,
          options: auctionBids(rules).map((bid) => ({
            value: bid,
            face: typeof bid === "number" ? String(bid) : t(`bid.${bid}`),
            label: typeof bid === "number" ? t("bid.tricks", { tricks: bid }) : null,
          })),
          onchange: (bid) => change(() => {
            const lone = alone();
            state.bid = bid;
            noExchange();
            if (lone !== alone()) state.trick = []; // a moon's partner sits out
            leadAsRuled();
          }),
        }) : null,
        seatChoice("ref-leader", t("ref.leader"), state.leader, (seat) => {
          state.leader = seat;
          state.trick = [];
        })),
      exchangeSection(),
      trickSection(),
      handSection(),
      h("div", { class: "sticky-actions" },
        h("button", { type: "submit", class: "primary big", disabled: !ready || state.asking },
          state.asking ? t("ref.asking") : t("ref.ask"))),
      ruling(),
      h("div", { class: "row" },
        h("button", {
          type: "button",
          class: "quiet",
          // A new question at the same table: the variant and who led stay as they were.
          onclick: () => {
            Object.assign(state, blank(), { preset: state.preset, leader: state.leader });
            render();
          },
        }, t("ref.again")),
        h("a", { class: "button quiet", href: "/rules/" }, t("ref.rules")))));
    if (focused) main.querySelector(`[data-focus="${focused}"]`)?.focus();
    if (radio) main.querySelector(`input[name="${radio}"]:checked`)?.focus();
  }

  render();
  // Asked in the other language before a switch: ask again, so the ruling is in this one.
  if (state.verdict && state.verdictLang !== lang()) ask();
  return () => {};
}

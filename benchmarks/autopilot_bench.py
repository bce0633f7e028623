"""The autopilot's negotiations: what it gains against what it gives.

One seat of four (seed % 4) is played by the autopilot level under test and is shown to the
others as a person (SEAT_LEVELS None), as the service shows a person whose time ran out. The
other seats: three `greedy` (table "greedy"), or one `strong` and two `greedy` (table "strong");
games alternate between the tables given.

Every negotiation the autopilot answered in is recorded at its end: the action, whether the
autopilot paid (carried it out), sold (took the partner's gemstones) or let it lapse, and the
gemstones. Three measures of the price:
- its own valuation at the time: the action's worth to it (`ai.action_gain`, in millions, the
  valuation both AI levels trade by) against what the gemstones are worth to it
  (`ai.offer_worth`), both from its view when the negotiation began;
- the gem cards' rate: the 30 gemstone cards trade 1.5 million for a gemstone (7 M with 2 gems
  … 4 M with 4), so a Money action is worth its millions / 1.5 gemstones, a Gemstones action its
  gemstones, another action the AI's estimate / 1.5. A price over that worth is an overpay;
- the effect at the end: for every trade it paid for, the game is played again from its last
  offer with the cheapest other answer (accept the partner's offer; without one, offer nothing),
  every seat by the same policy and random numbers, and its final margin (money less the best
  other seat's) compared with the game as played. Positive: paying was worth it.

Run: python -m benchmarks.autopilot_bench --level greedy [--games 200] [--jobs 2]
[--tables greedy,strong] [--what-if greedy]; writes benchmarks/results/autopilot_<level>.json.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.report import print_table, save
from engine import get_kind
from engine.core.ai import get_policy, seated
from engine.games.esr import ai
from engine.games.esr.events import ActionLapsed, OfferAccepted
from engine.games.esr.gems import COLOURS, describe

RESULTS = Path(__file__).resolve().parent / "results"
RATE = 1.5  # millions per gemstone on the gem cards (the money a card trades for one gem more)
OPPONENTS = {"greedy": ["greedy", "greedy", "greedy"], "strong": ["strong", "greedy", "greedy"]}
BINS = [(-99.0, 0.0, "≤ 0"), (0.0, 1.0, "0–1"), (1.0, 2.0, "1–2"), (2.0, 99.0, "> 2")]


def market_worth(view: dict[str, Any], seat: int, action: str) -> float:
    """The action's worth to `seat` in gemstones, at the gem cards' rate.

    The same sum as `ai.price_limit`, written out here so this file measures older code
    too (copied into a worktree of f53c24a, which has no `price_limit`)."""
    card = view["players"][seat]["gem_card"]
    if action == "gems":
        return float(sum(min(card["gems"][c], view["supply"][c]) for c in COLOURS))
    if action == "money":
        return card["money"] / RATE
    return ai.action_gain(view, seat, action) / RATE


def seats_of(seed: int, level: str, table: str) -> tuple[int, list[str]]:
    """The autopilot's seat and every seat's level."""
    seat = seed % 4
    others = list(OPPONENTS[table])
    return seat, [*others[:seat], level, *others[seat:]]


def margin(state: Any, seat: int) -> tuple[float, bool]:
    """The seat's final money less the best other seat's, and whether it won."""
    results = get_kind("esr").results(state)
    money = {s.player: s.score for s in results.standings}
    return money[seat] - max(m for s, m in money.items() if s != seat), seat in results.winners


def play_on(state: Any, rngs: list[random.Random], levels: list[str], announced: list[Any],
            watch: int | None = None) -> tuple[Any, list[dict[str, Any]], dict[str, list[float]]]:
    """Play `state` to the end; with `watch`, record that seat's trades and decision times."""
    kind = get_kind("esr")
    policies = [get_policy(level) for level in levels]
    trades: list[dict[str, Any]] = []
    times: dict[str, list[float]] = {"choose": [], "negotiate": [], "other": []}
    trade: dict[str, Any] | None = None
    with seated(announced):
        while not kind.is_over(state):
            decision = kind.next_decision(state)
            seat = decision.player
            trading = decision.kind == "esr.negotiate"
            if seat == watch and trading:
                if trade is None:
                    trade = opened(kind.view(state, seat), seat, state)
                trade["last"] = (state.clone(), copy.deepcopy(rngs), decision)
            started = time.process_time()
            action = policies[seat](kind, state, decision, rngs[seat])
            if seat == watch:
                kind_of = {"esr.choose_action": "choose", "esr.negotiate": "negotiate"}
                times[kind_of.get(decision.kind, "other")].append(time.process_time() - started)
            state, events = kind.advance(state, seat, action, quiet=not trading)
            if trade is not None and closed(trade, events):
                trades.append(trade)
                trade = None
    return state, trades, times


def opened(view: dict[str, Any], seat: int, state: Any) -> dict[str, Any]:
    """A trade's record as it begins: the action's worth to both negotiators."""
    step = view["negotiation"]
    partner = next(s for s in step["seats"] if s != seat)
    return {"round": state.round, "turn": state.turn, "action": step["action"],
            "partner": partner, "gain": ai.action_gain(view, seat, step["action"]),
            "partner_gain": ai.action_gain(view, partner, step["action"]),
            "worth_gems": market_worth(view, seat, step["action"]), "view": view, "seat": seat}


def closed(trade: dict[str, Any], events: list[Any]) -> bool:
    """Fill in the trade's outcome if `events` end it; whether they did."""
    for event in events:
        if isinstance(event, ActionLapsed) and event.action == trade["action"]:
            trade.update(outcome="lapsed", gems=[0, 0, 0, 0])
            return True
        if isinstance(event, OfferAccepted) and event.action == trade["action"]:
            paid = event.from_seat == trade["seat"]
            view, seat, gems = trade["view"], trade["seat"], list(event.gems)
            trade.update(outcome="paid" if paid else "sold", gems=gems,
                         own_value=ai.offer_worth(view, seat, gems, giving=paid),
                         partner_value=ai.offer_worth(view, trade["partner"], gems,
                                                      giving=not paid))
            return True
    return False


def counterfactual(trade: dict[str, Any], levels: list[str], announced: list[Any]
                   ) -> float | None:
    """The final margin had the autopilot answered its last offer's decision more cheaply."""
    state, rngs, decision = trade["last"]
    actions = [o.action for o in decision.options]
    cheaper = next((a for a in actions if a["type"] == "accept"), None) or next(
        (a for a in actions if a["type"] == "offer" and sum(a["gems"]) == 0), None)
    if cheaper is None:
        return None
    kind, seat = get_kind("esr"), trade["seat"]
    with seated(announced):
        state, _ = kind.advance(state, seat, cheaper, quiet=True)
    final, _, _ = play_on(state, rngs, levels, announced)
    return margin(final, seat)[0]


def one_game(seed: int, level: str, table: str, what_if: bool) -> dict[str, Any]:
    """Play one game with the autopilot seat; its trades, result and decision times."""
    seat, levels = seats_of(seed, level, table)
    announced = [None if s == seat else lv for s, lv in enumerate(levels)]
    state, _ = get_kind("esr").new_game(seed, 4)
    rngs = [random.Random(f"{seed}:{s}:{lv}") for s, lv in enumerate(levels)]
    final, trades, times = play_on(state, rngs, levels, announced, watch=seat)
    end, won = margin(final, seat)
    rows = []
    for trade in trades:
        last = trade.pop("last")
        trade.pop("view")
        if what_if and trade["outcome"] == "paid":
            trade["last"] = last
            other = counterfactual(trade, levels, announced)
            trade.pop("last")
            trade["effect"] = None if other is None else end - other
        rows.append({**trade, "seed": seed, "table": table,
                     "partner_level": levels[trade["partner"]]})
    return {"seed": seed, "table": table, "seat": seat, "margin": end, "won": won,
            "money": final.players[seat].money, "trades": rows, "times": times}


def overpay(trade: dict[str, Any]) -> float:
    """Gemstones paid beyond the action's worth at the gem cards' rate."""
    return sum(trade["gems"]) - trade["worth_gems"]


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures: results, trades by outcome, overpays by size and their effect at the end."""
    trades = [t for g in games for t in g["trades"]]
    paid = [t for t in trades if t["outcome"] == "paid"]
    bins = []
    for low, high, label in BINS:
        inside = [t for t in paid if low < overpay(t) <= high]
        effects = [t["effect"] for t in inside if t.get("effect") is not None]
        bins.append({"overpay_gems": label, "trades": len(inside),
                     "share": len(inside) / len(paid) if paid else 0.0,
                     "effect_mean": statistics.mean(effects) if effects else None,
                     "effect_median": statistics.median(effects) if effects else None,
                     "worse_than_not_paying": (sum(e < 0 for e in effects) / len(effects)
                                               if effects else None)})
    times = {k: sorted(t for g in games for t in g["times"][k]) for k in ("choose", "negotiate")}
    return {
        "games": len(games), "win_share": sum(g["won"] for g in games) / len(games),
        "money_mean": statistics.mean(g["money"] for g in games),
        "margin_median": statistics.median(g["margin"] for g in games),
        "trades": {k: sum(t["outcome"] == k for t in trades) for k in ("paid", "sold", "lapsed")},
        "paid_gems_median": statistics.median(sum(t["gems"]) for t in paid) if paid else None,
        "per_trade": {"gems_given_per_paid": _mean([sum(t["gems"]) for t in paid]),
                      "gain_per_paid": _mean([t["gain"] for t in paid]),
                      "gems_got_per_sold": _mean([sum(t["gems"]) for t in trades
                                                  if t["outcome"] == "sold"])},
        "over_own_valuation": sum(t["own_value"] > t["gain"] + 1e-9 for t in paid),
        "overpaid": sum(overpay(t) > 0 for t in paid),
        "overpaid_clearly": sum(overpay(t) > 1 for t in paid),
        "by_overpay": bins,
        "cpu_ms": {k: {"decisions": len(v), "median": 1000 * statistics.median(v),
                       "p95": 1000 * v[int(0.95 * len(v))], "max": 1000 * v[-1]}
                   for k, v in times.items() if v},
        "worst": sorted(paid, key=overpay, reverse=True)[:8],
    }


def main() -> None:
    """Play the games in parallel, print the figures, write them as JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=6000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--tables", default="greedy,strong")
    parser.add_argument("--what-if", default="greedy",
                        help="tables whose paid trades are played again (the counterfactual; "
                             "slow with a strong seat); '' for none")
    parser.add_argument("--out", default="", help="results file name (default: the level's)")
    args = parser.parse_args()
    tables = args.tables.split(",")
    seeds = list(range(args.seed, args.seed + args.games))
    what_if = set(args.what_if.split(","))
    work = [(s, args.level, tables[i % len(tables)], tables[i % len(tables)] in what_if)
            for i, s in enumerate(seeds)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(one_game, *zip(*work, strict=True), chunksize=2))
    summary = {table: summarise([g for g in games if g["table"] == table]) for table in tables}
    summary["all"] = summarise(games)
    # Each game's result, not its trades: the summary holds what the figures need.
    results = [{k: g[k] for k in ("seed", "table", "seat", "margin", "won", "money")}
               for g in games]
    save(RESULTS / f"{args.out or 'autopilot_' + args.level}.json",
         {"level": args.level, "summary": summary, "games": results})
    report(args.level, summary)


def report(level: str, summary: dict[str, Any]) -> None:
    """Print the summary's tables."""
    print(f"autopilot level {level!r}")
    print_table(["table", "games", "won", "money", "paid / sold / lapsed", "median paid",
                 "over own valuation", "overpaid", "by > 1 gem"],
                [(t, s["games"], f"{100 * s['win_share']:.1f} %", f"{s['money_mean']:.1f}",
                  " / ".join(str(s["trades"][k]) for k in ("paid", "sold", "lapsed")),
                  s["paid_gems_median"], s["over_own_valuation"], s["overpaid"],
                  s["overpaid_clearly"]) for t, s in summary.items()])
    print_table(["overpay (gems)", "trades", "share", "effect mean", "effect median",
                 "worse than not paying"],
                [(b["overpay_gems"], b["trades"], f"{100 * b['share']:.1f} %",
                  _num(b["effect_mean"]), _num(b["effect_median"]),
                  _pct(b["worse_than_not_paying"])) for b in summary["all"]["by_overpay"]])
    for k, c in summary["all"]["cpu_ms"].items():
        print(f"CPU per {k} decision: median {c['median']:.1f} ms, p95 {c['p95']:.1f} ms, "
              f"max {c['max']:.1f} ms ({c['decisions']} decisions)")
    for t in summary["all"]["worst"][:5]:
        print(f"seed {t['seed']} r{t['round']}t{t['turn']}: {t['action']} worth "
              f"{t['gain']:.1f} M ({t['worth_gems']:.1f} gems), paid {describe(t['gems'])}, "
              f"own value {t['own_value']:.1f} M, effect {_num(t.get('effect'))}")


def _mean(values: list[float]) -> float | None:
    return statistics.mean(values) if values else None


def _num(x: float | None) -> str:
    return "—" if x is None else f"{x:+.1f}"


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.0f} %"


if __name__ == "__main__":
    main()

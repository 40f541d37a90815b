"""Players move from one global list, matched by name, onto the rosters of their clubs.

- A player of several clubs (by membership, or by entering a club's event) becomes one record
  per club: each club's events, seats, byes and results go to that club's record.
- A player's kind is their membership's (member or guest); one without one is a guest.
- A player of no club is a casual game's. A club's player who also sat at casual games leaves
  those seats to a casual copy; a player of no club whom nobody is seated as is deleted.
- Names are keyed by the rule of `scorekeeper.names` as this migration was written; two
  players of one club whose names now match are told apart by a label (the later one's id),
  and a club whose name matches an earlier club's keeps its id in its key.
"""

import unicodedata
from collections import defaultdict
from typing import Any

from django.db import migrations

# Every row that names a player, and the way from it to its event's club.
HELD = (
    ("events", "Entrant", "player", "event__club"),
    ("events", "TableSeat", "player", "table__round__event__club"),
    ("events", "SitOut", "player", "round__event__club"),
    ("events", "ResultLine", "player", "event__club"),
    ("events", "Result", "entered_by", "table__round__event__club"),
    ("events", "Result", "confirmed_by", "table__round__event__club"),
    ("scorekeeper", "Seat", "player", "game__event_table__round__event__club"),
)


def _key(name: str) -> str:
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def _swap(value: Any, old: int, new: int) -> Any:
    if isinstance(value, list):
        return [_swap(item, old, new) for item in value]
    if isinstance(value, dict):
        return {key: _swap(item, old, new) for key, item in value.items()}
    return new if value == old and not isinstance(value, bool) else value


def forwards(apps: Any, schema_editor: Any) -> None:
    Club = apps.get_model("scorekeeper", "Club")
    Player = apps.get_model("scorekeeper", "Player")
    Seat = apps.get_model("scorekeeper", "Seat")
    Membership = apps.get_model("events", "Membership")
    Entrant = apps.get_model("events", "Entrant")
    Event = apps.get_model("events", "Event")
    held = [(apps.get_model(app, model), field, path) for app, model, field, path in HELD]

    taken: set[str] = set()
    for club in Club.objects.order_by("pk"):
        key = _key(club.name)
        if key in taken:
            key = f"{key} #{club.pk}"
        taken.add(key)
        club.name_key = key
        club.save(update_fields=["name_key"])

    names_in: dict[int, set[tuple[str, str]]] = defaultdict(set)

    def keyed(record: Any, club_id: int | None) -> None:
        record.club_id = club_id
        record.match_key = _key(record.name)
        record.label_key = _key(record.label)
        record.save()
        if club_id is not None:
            if (record.match_key, record.label_key) in names_in[club_id]:
                record.label = str(record.pk)
                record.label_key = _key(record.label)
                record.save()
            names_in[club_id].add((record.match_key, record.label_key))

    for player in list(Player.objects.order_by("pk")):
        kinds = dict(
            Membership.objects.filter(player=player).order_by("id").values_list("club_id", "kind")
        )
        entered = Entrant.objects.filter(player=player).order_by("id")
        clubs = list(dict.fromkeys([*kinds, *entered.values_list("event__club_id", flat=True)]))
        if not clubs:
            player.kind = "casual"
            keyed(player, None)
            continue
        player.kind = kinds.get(clubs[0], "guest")
        keyed(player, clubs[0])
        for club_id in clubs[1:]:
            record = Player(name=player.name, kind=kinds.get(club_id, "guest"))
            keyed(record, club_id)
            for model, field, path in held:
                model.objects.filter(**{field: player, path: club_id}).update(**{field: record})
            for event in Event.objects.filter(club_id=club_id, format="progressive"):
                if event.plan:
                    event.plan = _swap(event.plan, player.pk, record.pk)
                    event.save(update_fields=["plan"])
        casual_seats = Seat.objects.filter(player=player, game__event_table__isnull=True)
        if casual_seats.exists():
            casual = Player(name=player.name, kind="casual")
            keyed(casual, None)
            casual_seats.update(player=casual)

    Player.objects.filter(kind="casual", seats__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0001_initial"),
        ("scorekeeper", "0004_roster"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]

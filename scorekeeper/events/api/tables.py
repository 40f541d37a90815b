"""Tables: joining by code (once a night), the phone's own table now and leaving it, the
hands and the result a table enters, the opponents' confirmation or dispute, and the
director's hand-over and corrections."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import APIException, AuthenticationFailed
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer

from scorekeeper import selectors as game_selectors
from scorekeeper.api.bodies import NO_SUCH_FIELD, refuse_unknown_fields
from scorekeeper.api.entry_format import queued_format
from scorekeeper.api.http import (
    HAND_AMEND,
    HAND_ENTRY,
    IDEMPOTENCY_KEY,
    IF_MATCH,
    download,
    expected_version,
    game_now,
    hand_written,
    idempotency_key,
    problems,
    read_body,
    read_no_body,
)
from scorekeeper.api.limits import CountsWrongCodes
from scorekeeper.api.serializers import HandWrittenSerializer, LogEntrySerializer, parse_hand_entry
from scorekeeper.errors import ChangedMeanwhile, Conflict, DomainError, NotFound, StaleVersion
from scorekeeper.events import access, selectors, services
from scorekeeper.events import serializers as s
from scorekeeper.events.api.base import IF_MATCH_LOG, EventsView
from scorekeeper.events.api.shapes import (
    device_json,
    event_table_json,
    reason_of,
    table_detail,
)
from scorekeeper.events.exports import records

if TYPE_CHECKING:
    from scorekeeper.events.models import Result, TableToken
    from scorekeeper.services import HandResult


class JoinView(CountsWrongCodes, EventsView):
    authentication_classes = []  # a join code is the only credential

    @extend_schema(
        operation_id="tables_join",
        summary="Exchange a table's join code (one for the whole night) for a device token "
        "(shown once); wrong codes are limited per client and in all",
        request=s.JoinSerializer,
        responses={201: s.JoinedSerializer, **problems(400, 404, 409, 429)},
    )
    def post(self, request: Request) -> Response:
        data = read_body(s.JoinSerializer, request.data)
        try:
            device, token = services.table_join(**data)
        except NotFound:
            self.count_wrong_code()
            raise
        body = {
            "token": token,
            "role": device.role,
            "event_table": event_table_json(device.event_table),
            "table": table_detail(device.table, show_code=False) if device.table else None,
        }
        return Response(s.JoinedSerializer(body).data, status=status.HTTP_201_CREATED)


class DeviceView(EventsView):
    """The phone's own table: where it sits now, and leaving it."""

    @extend_schema(
        operation_id="tables_device",
        summary="This phone's table now: its physical table and this round's table there "
        "(seats, game, result); a scoring phone follows its table to each new round",
        responses={200: s.DeviceHereSerializer, **problems(401)},
    )
    def get(self, request: Request) -> Response:
        return _here(access.require_any_device(self.actor))

    @extend_schema(
        operation_id="tables_device_name",
        summary="A confirming phone names, once, the player it is for (seated at its table): "
        "it confirms for that player's side only, and never a result that side entered",
        request=s.DeviceNameSerializer,
        responses={200: s.DeviceHereSerializer, **problems(400, 401, 409, 422)},
    )
    def patch(self, request: Request) -> Response:
        data = read_body(s.DeviceNameSerializer, request.data)
        return _here(services.device_name(actor=self.actor, **data))

    @extend_schema(
        operation_id="tables_leave",
        summary="Leave the table: this phone's token stops working; this phone or another "
        "joins again with the table's code",
        request=None,
        responses={204: None, **problems(400, 401)},
    )
    def delete(self, request: Request) -> Response:
        read_no_body(request)
        services.table_leave(actor=self.actor)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TableDetailView(EventsView):
    @extend_schema(
        operation_id="tables_retrieve",
        summary="A table: its seats, game and result",
        responses={200: s.TableDetailSerializer, **problems(404)},
    )
    def get(self, request: Request, table_id: int) -> Response:
        table = self.table
        codes = access.sees_join_codes(self.actor, table.round.event)
        epoch = services.epoch_of(services.night_epoch())
        detail = table_detail(table, show_code=codes) | {"epoch": epoch}
        return Response(s.TableDetailSerializer(detail).data)


class TableCodeView(EventsView):
    @extend_schema(
        operation_id="tables_code",
        summary="Issue a new join code for the physical table (the old one and its table card "
        "stop working; the phones keep their tokens)",
        request=None,
        responses={200: s.CodeSerializer, **problems(400, 401, 403, 404)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        read_no_body(request)
        return Response(
            {"join_code": services.table_code_issue(table=self.table, actor=self.actor)}
        )


class TableTakeoverView(EventsView):
    @extend_schema(
        operation_id="tables_takeover",
        summary="Hand the table to another phone: the scoring phone's token stops working; "
        "the next phone joins with the table's code (answered)",
        request=None,
        responses={200: s.CodeSerializer, **problems(400, 401, 403, 404)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        read_no_body(request)
        code = services.table_takeover(
            table=self.table, actor=self.actor, expected_version=expected_version(request)
        )
        return Response({"join_code": code})


class TableConfirmersEndView(EventsView):
    @extend_schema(
        operation_id="tables_confirmers_end",
        summary="End the table's confirming phones: their tokens stop working; the opponents "
        "join again with the table's code (answered)",
        request=None,
        responses={200: s.CodeSerializer, **problems(400, 401, 403, 404, 412)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        read_no_body(request)
        code = services.table_confirmers_end(
            table=self.table, actor=self.actor, expected_version=expected_version(request)
        )
        return Response({"join_code": code})


# A write of a table's hands refused in words its writer can act on. A director's asked against
# a game version since passed is 412 `changed-meanwhile` with the game's log entries made since
# (`changes`), as their other writes of the night are; a phone's stays 412 `stale-version`,
# which its outbox reads the game again for. A phone's hand for a round the director has undone
# since (entered offline, say) is 409 `round-undone`: not recorded, to enter again. (A comment,
# not a docstring: the schema would show a docstring as the views' description.)
class TableHandWrites(EventsView):
    writes_read_table = True

    def handle_exception(self, exc: Exception) -> Response:
        actor = getattr(self, "actor", None)
        if isinstance(exc, StaleVersion) and actor is not None and actor.device is None:
            exc = self._changed_meanwhile(exc, actor)
        device = actor.device if actor is not None else None
        gone = isinstance(exc, NotFound) and exc.code == "no-such-table"
        if (
            gone
            and device is not None
            and selectors.round_undone(event_id=device.event_table.event_id)
        ):
            exc = Conflict(
                _(
                    "The director undid this table's round after this hand was entered: enter "
                    "it again at the table as it is now."
                ),
                code="round-undone",
                field="table",
            )
        return super().handle_exception(exc)

    def _changed_meanwhile(self, stale: StaleVersion, actor: access.Actor) -> DomainError:
        seen = expected_version(self.request) or 0
        try:  # (the table's round undone since the write was refused: the refusal stands)
            table = access.table_for(actor=actor, table_id=self.kwargs["table_id"])
        except DomainError:
            return stale
        assert table.game is not None  # (its game's version was asked)
        since = [e for e in game_selectors.game_log(game=table.game) if e.version > seen]
        return ChangedMeanwhile(
            _("Changed since you read it: look at what changed, then save again."),
            code="changed-meanwhile",
            field="If-Match",
            version=stale.extra.get("version"),
            changes=LogEntrySerializer(since, many=True).data,
        )


class TableHandsView(TableHandWrites):
    @extend_schema(
        operation_id="tables_hands_create",
        summary="Record the table's next hand (its device; a director, with a reason once a "
        "result is entered)",
        request=HAND_ENTRY,
        parameters=[IDEMPOTENCY_KEY, IF_MATCH],
        responses={
            201: HandWrittenSerializer,
            200: OpenApiResponse(HandWrittenSerializer, description="A replay: the same hand."),
            **problems(400, 401, 403, 404, 409, 412, 422),
        },
    )
    def post(self, request: Request, table_id: int) -> Response:
        entry, _ = parse_hand_entry(
            request.data, also=("reason",), queued_in=queued_format(request.headers)
        )
        written = services.table_hand_record(
            table_id=table_id,
            actor=self.actor,
            entry=entry,
            idempotency_key=idempotency_key(request),
            expected_version=expected_version(request),
            reason=reason_of(request),
        )
        return hand_written(written, recorded=True)

    def handle_exception(self, exc: Exception) -> Response:
        """A phone whose token ended since (the night closed, the table handed over) that
        retries a hand it sent is answered as the hand's first write was, whatever happened
        since; anything else it sends is refused as its token is."""
        if isinstance(exc, AuthenticationFailed):
            try:
                written = self._sent_before()
            except DomainError as answered:  # (its key used for another hand, or undone)
                exc = answered
            else:
                if written is not None:
                    return hand_written(written, recorded=True)
        return super().handle_exception(exc)

    def _sent_before(self) -> HandResult | None:
        ended: TableToken | None = getattr(self.request, "ended_device", None)
        if ended is None:
            return None
        try:
            entry, _ = parse_hand_entry(
                self.request.data, also=("reason",), queued_in=queued_format(self.request.headers)
            )
            key = idempotency_key(self.request)
        except (DomainError, APIException, ValueError):
            return None  # (no hand this phone could have sent: its token's refusal stands)
        return services.table_hand_replay_ended(
            table_id=self.kwargs["table_id"], device=ended, entry=entry, idempotency_key=key
        )


class TableHandView(TableHandWrites):
    @extend_schema(
        operation_id="tables_hands_amend",
        summary="Amend one of the table's hands, saying why",
        request=HAND_AMEND,
        parameters=[IF_MATCH],
        responses={200: HandWrittenSerializer, **problems(400, 401, 403, 404, 409, 412, 422)},
    )
    def patch(self, request: Request, table_id: int, number: int) -> Response:
        entry, reason = parse_hand_entry(
            request.data, amend=True, queued_in=queued_format(request.headers)
        )
        written = services.table_hand_amend(
            table_id=table_id,
            actor=self.actor,
            number=number,
            entry=entry,
            reason=reason,
            expected_version=expected_version(request),
        )
        return hand_written(written)

    @extend_schema(
        operation_id="tables_hands_undo",
        summary="Undo the table's last hand",
        request=s.ReasonSerializer,
        parameters=[IF_MATCH],
        responses={
            200: OpenApiResponse(description="The game's score and status now."),
            **problems(400, 401, 403, 404, 409, 412),
        },
    )
    def delete(self, request: Request, table_id: int, number: int) -> Response:
        if isinstance(request.data, dict):  # an undo's body holds its reason, if any
            refuse_unknown_fields(request.data, {"reason"}, message=NO_SUCH_FIELD)
        game, standing = services.table_hand_undo(
            table_id=table_id,
            actor=self.actor,
            number=number,
            reason=reason_of(request),
            expected_version=expected_version(request),
        )
        return game_now(game, standing)


#: What a phone's answer to the result names: the result's version it showed.
IF_MATCH_RESULT: Final = OpenApiParameter(
    "If-Match",
    {"type": "string", "pattern": r"\S"},
    OpenApiParameter.HEADER,
    description='The result\'s version the phone showed (its `version`, as `"2"`): a result '
    "changed since (corrected by the director, entered again) gets 412 `result-changed`. "
    "Leave it out to answer the result as it stands.",
)


def result_written(
    view: EventsView,
    request: Request,
    body: type[Serializer[Any]],
    write: Callable[..., Result],
    *,
    created: bool = False,
    directors: bool = False,
    answers: bool = False,
) -> Response:
    """A write of the view's table's result (entered, corrected, confirmed, disputed, or a
    director's remedy): the body's fields go to the service with the table and who asks, and
    the result as it stands is answered. A director's write (``directors``) is asked against
    the table's version they read (`If-Match`, its change log's newest entry); a table's write
    is kept with its Idempotency-Key, and an answer to the result (``answers``: a
    confirmation, a dispute) names the result's version the phone showed (`If-Match`).
    Sent again with its key, a table's write changes nothing and is answered 200 with what it
    was first answered, once the service has found the key the phone's own (or refused it).
    A director's write asks who is asking first: a stranger learns nothing of what it takes."""
    if directors:
        access.require_event_director(view.actor, view.table.round.event, table=True)
    data = read_body(body, request.data)
    if directors:
        data["expected_version"] = expected_version(request)
    else:
        data["key"] = idempotency_key(request)
    if answers:
        data["seen"] = expected_version(request)
    answered = selectors.result_answered(table=view.table, key=data.get("key"))
    # (An entry sent again without its key changes nothing: answered 200 as it stands.)
    before = selectors.result_version(table=view.table) if created else None
    result = write(table=view.table, actor=view.actor, **data)
    if answered is not None:
        # (The log keeps the answer's fields under the answer's names, and more.)
        kept = {name: answered[name] for name, _field in s.ResultSerializer().fields.items()}
        return Response(kept, status=status.HTTP_200_OK)
    fresh = created and (before is None or result.version != before)
    answer = status.HTTP_201_CREATED if fresh else status.HTTP_200_OK
    return Response(s.ResultSerializer(result).data, status=answer)


class TableResultView(EventsView):
    @extend_schema(
        operation_id="tables_result_retrieve",
        summary="The table's result",
        responses={200: s.ResultSerializer, **problems(404)},
    )
    def get(self, request: Request, table_id: int) -> Response:
        return Response(s.ResultSerializer(selectors.result_of(table=self.table)).data)

    @extend_schema(
        operation_id="tables_result_enter",
        summary="Enter the table's result (its scoring phone), or, once time is called, the "
        "result as it stands; the opponents then confirm it",
        request=s.ResultEnterSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: s.ResultSerializer,
            200: OpenApiResponse(
                s.ResultSerializer,
                description="Sent again: with its Idempotency-Key, what it was first answered; "
                "without, the result as it stands.",
            ),
            **problems(400, 401, 403, 404, 409, 422),
        },
    )
    def post(self, request: Request, table_id: int) -> Response:
        return result_written(
            self, request, s.ResultEnterSerializer, services.result_enter, created=True
        )

    @extend_schema(
        operation_id="tables_result_correct",
        summary="A director corrects the result, saying why (kept in the change log)",
        request=s.ResultCorrectSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: s.ResultSerializer, **problems(400, 401, 403, 404, 409, 412, 422)},
    )
    def patch(self, request: Request, table_id: int) -> Response:
        return result_written(
            self, request, s.ResultCorrectSerializer, services.result_correct, directors=True
        )


class ResultConfirmView(EventsView):
    @extend_schema(
        operation_id="tables_result_confirm",
        summary="The opponents confirm the result as the event asks (`confirm_with`): on the "
        "scorer's phone or their own (table), their own joined for their side "
        "(opponent-device), or with the confirming player's PIN (pin); a wrong PIN is 422 "
        "`wrong-pin`, and after five only the director confirms (409 `pin-tries-used`)",
        request=s.ResultConfirmSerializer,
        parameters=[IDEMPOTENCY_KEY, IF_MATCH_RESULT],
        responses={200: s.ResultSerializer, **problems(400, 401, 403, 404, 409, 412, 422)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        return result_written(
            self, request, s.ResultConfirmSerializer, services.result_confirm, answers=True
        )


class ResultDisputeView(EventsView):
    @extend_schema(
        operation_id="tables_result_dispute",
        summary="A player at the table disputes the entered result; the table enters it again",
        request=s.ResultDisputeSerializer,
        parameters=[IDEMPOTENCY_KEY, IF_MATCH_RESULT],
        responses={200: s.ResultSerializer, **problems(400, 401, 403, 404, 409, 412, 422)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        return result_written(
            self, request, s.ResultDisputeSerializer, services.result_dispute, answers=True
        )


class TableEgnView(EventsView):
    @extend_schema(
        operation_id="tables_game_egn",
        summary="The table's game in Euchre Game Notation (hands entered with their cards)",
        responses={(200, "application/json"): OpenApiTypes.OBJECT, **problems(404, 409)},
    )
    def get(self, request: Request, table_id: int) -> HttpResponse:
        table = self.table
        event = table.round.event
        title = f"{event.name}, round {table.round.number}, table {table.number}"
        exported = records.game_egn(table, title=title, date=event.date.isoformat())
        if exported.data is None:
            raise Conflict(
                _("This game cannot be written in EGN: %(left_out)s.")
                % {"left_out": exported.left_out},
                code="no-egn",
                field="id",
            )
        body = json.dumps(exported.data, ensure_ascii=False, indent=1)
        return download(body, "application/json", f"table-{table.pk}.egn")


def _here(device: TableToken) -> Response:
    """A phone's answer about where it is: its table now and the night's epoch (empty until
    the first restore); the phone is noted as seen since the last restore."""
    table = selectors.device_table(device=device)
    restore = services.night_epoch()
    services.device_seen(device=device, restore=restore)
    try:
        seated = device_json(device, table)
    except NotFound:  # (its round undone since the table was read: no table this round)
        seated = device_json(device, None)
    here = seated | {"epoch": services.epoch_of(restore)}
    return Response(s.DeviceHereSerializer(here).data)

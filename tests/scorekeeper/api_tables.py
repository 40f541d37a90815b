"""Helpers for the scorekeeper's tests: shared material, a game seen through the API."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rest_framework.test import APIClient

from referee.notation import read_trick, tricks
from tests.problems import is_problem as is_problem

REPO_ROOT = Path(__file__).resolve().parents[2]
SHARED = REPO_ROOT.parent / "shared"

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def shared_file(*parts: str) -> Path:
    """A file from the shared material beside the repository; missing is an error, not a skip."""
    path = SHARED.joinpath(*parts)
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: CI puts a copy of shared/ beside the repo")
    return path


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


class Table:
    """One game seen through the API, with its token."""

    def __init__(self, client: APIClient, body: dict[str, Any]) -> None:
        self.client = client
        self.body = body
        self.id: str = body["id"]
        self.token: str = body["token"]

    @property
    def url(self) -> str:
        return f"/api/v1/games/{self.id}/"

    @property
    def auth(self) -> dict[str, str]:
        return {"HTTP_AUTHORIZATION": f"Bearer {self.token}"}

    def read(self) -> dict[str, Any]:
        response = self.client.get(self.url)
        assert response.status_code == 200, response.content
        return dict(response.json())

    def post_hand(self, body: Any, **headers: str) -> Any:
        return self.client.post(self.url + "hands/", body, format="json", **self.auth, **headers)

    def hand(self, body: dict[str, Any]) -> dict[str, Any]:
        response = self.post_hand(body)
        assert response.status_code == 201, response.content
        return dict(response.json())

    def quick(self, maker: int, tricks: int, trump: str = "H", **more: Any) -> dict[str, Any]:
        return self.hand({"maker": maker, "trump": trump, "maker_tricks": tricks, **more})


def march_record(dealer: int) -> dict[str, Any]:
    """A whole four-handed hand: the seat left of the dealer calls hearts and takes all five."""

    def at(offset: int) -> int:
        return (dealer + offset) % 4

    def rotate(trick: str) -> str:
        return " ".join(f"{at(seat)}:{card}" for seat, card in read_trick(trick))

    return {
        "dealer": dealer,
        "upcard": "9C",
        "hands": {
            str(at(0)): ["AS", "9H", "TH", "TC", "JC"],
            str(at(1)): ["JH", "JD", "AH", "KH", "QH"],
            str(at(2)): ["9D", "TD", "QD", "KD", "AD"],
            str(at(3)): ["9S", "TS", "JS", "QS", "KS"],
        },
        "bids": [{"seat": at(k), "action": "pass"} for k in (1, 2, 3, 0)]
        + [{"seat": at(1), "action": "call", "suit": "H"}],
        "tricks": tricks(
            *(
                rotate(t)
                for t in (
                    "1:JH 2:9D 3:9S 0:9H",
                    "1:JD 2:TD 3:TS 0:TH",
                    "1:AH 2:QD 3:JS 0:AS",
                    "1:KH 2:KD 3:QS 0:TC",
                    "1:QH 2:AD 3:KS 0:JC",
                )
            )
        ),
    }

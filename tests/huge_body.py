"""A 200 MB body sent to a server that should refuse it unread: the answer, and how much of the
body had been sent by then (the rest never leaves the client, so it can reach no disk)."""

from __future__ import annotations

import select
import socket
import ssl
from dataclasses import dataclass

#: What the client claims (with Content-Length) or would go on sending (chunked).
HUGE = 200 * 1024 * 1024
PIECE = 16 * 1024


@dataclass(frozen=True)
class Refusal:
    status: int
    headers: dict[str, str]
    body: bytes
    sent: int  # bytes of the body sent before the answer came


def _answer(sock: socket.socket, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """The answer, read to its end, that began with `data`."""
    sock.settimeout(5)
    while b"\r\n\r\n" not in data or len(data) < _length(data):
        try:
            more = sock.recv(65536)
        except (ConnectionResetError, TimeoutError):
            break
        if not more:
            break
        data += more
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(
        (name.strip().lower(), value.strip())
        for name, _, value in (line.partition(":") for line in lines[1:])
    )
    return int(lines[0].split()[1]), headers, body


def _length(data: bytes) -> int:
    head, _, _ = data.partition(b"\r\n\r\n")
    for line in head.decode("latin-1").split("\r\n"):
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            return len(head) + 4 + int(value)
    return len(data) + 1 if b"\r\n\r\n" not in data else 0


def _answered(sock: socket.socket, within: float) -> bytes:
    """The start of the server's answer, if one comes within `within` seconds (over TLS a socket
    may be readable with no answer in it: a session ticket, say)."""
    if not getattr(sock, "pending", lambda: 0)() and not select.select([sock], [], [], within)[0]:
        return b""
    sock.settimeout(within)
    try:
        return sock.recv(65536)
    except (TimeoutError, ssl.SSLWantReadError):
        return b""
    finally:
        sock.settimeout(30)


def send_huge(sock: socket.socket, path: str, *, chunked: bool, language: str = "") -> Refusal:
    """POST a huge JSON body to `path` on `sock` until the server answers (in `language`, when
    one is asked for)."""
    length = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {HUGE}"
    asks = f"Accept-Language: {language}\r\n" if language else ""
    sock.sendall(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"{asks}{length}\r\n\r\n".encode()
    )
    sent = 0
    piece = b"[" + b" " * (PIECE - 1)
    while not (started := _answered(sock, 0.05 if sent else 2.0)) and sent < HUGE:
        try:
            sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
        except (BrokenPipeError, ConnectionResetError):
            break
        sent += len(piece)
    return Refusal(*_answer(sock, started), sent=sent)


def answer_to(sock: socket.socket, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """The server's answer to `request`, sent whole."""
    sock.sendall(request)
    return _answer(sock, b"")

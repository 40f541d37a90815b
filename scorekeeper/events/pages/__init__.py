"""The events' web pages: the printouts and records (`printouts`), the room's projector and
printouts (`room`, with what they share in `shown`), a bracket's chart (`bracket`), the
directors' and players' screens (`screens`, the console's page in `console`), the door's
check-in (`check_in`) and the directors' accounts (`accounts`)."""

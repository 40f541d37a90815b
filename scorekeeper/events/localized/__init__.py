"""What depends on who reads and where: the language a club's pages speak (`club_language`),
the club's clock (`club_time`), the events' choices named in the reader's language
(`choice_names`) and how a result came about, in words (`stories`)."""

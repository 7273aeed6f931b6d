-- The client (an IPv4 address, or an IPv6 /64, as the per-address limits count it) a seek was
-- posted from, so its owner's address can be held to a few seeks and a rated game is never
-- paired between two accounts of one address. Seeks live only while their owners have the
-- lobby open, so old rows need no value.
ALTER TABLE seeks ADD COLUMN client TEXT NOT NULL DEFAULT '';

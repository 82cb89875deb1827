-- A finished game's rematch: the game made for the same players, seats turned (NULL: none
-- asked yet). Made once, by whichever player asks first.
ALTER TABLE games ADD COLUMN rematch TEXT;

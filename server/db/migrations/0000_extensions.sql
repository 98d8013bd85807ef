-- btree_gist lets an exclusion constraint mix equality (room) with range overlap (time): no double booking.
CREATE EXTENSION IF NOT EXISTS btree_gist;

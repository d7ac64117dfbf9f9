"""Files the game reads from a person or writes for one.

- ``safe_read``: reading a file a person hands us, refused before reading when it could hang or flood;
- ``safe_write``: writing a file a person names, whole or not at all, never over a FIFO or a device;
- ``images``: writing pictures (``--screenshot``, ``--snapshots``, hitbox sheets) in the suffix's format;
- ``storage``: best scores and settings in the user data directory.
"""

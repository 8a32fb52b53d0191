//! What a move tried in place wrote over, to put back: the undo log of
//! [`Game::attempt`](super::Game::attempt).
//!
//! A structure that a move writes to keeps a [`Journal`] of its own. While it is open, each
//! write of a place that existed when it was opened first notes what the place held; closing
//! it gives those notes back, the last first, for the structure to write back. Places made
//! after it was opened are not noted: the structure cuts them off at the length it had.

/// The notes of one open attempt (none while closed). A copy of a structure starts closed,
/// whatever its original was doing, and journals compare equal: they are not its state.
#[derive(Debug)]
pub(super) struct Journal<T> {
    open: bool,
    /// The length of the structure's list when opened: places from there on are new.
    len: usize,
    notes: Vec<T>,
}

impl<T> Default for Journal<T> {
    fn default() -> Journal<T> {
        Journal { open: false, len: 0, notes: Vec::new() }
    }
}

impl<T> Clone for Journal<T> {
    fn clone(&self) -> Journal<T> {
        Journal::default()
    }
}

impl<T> PartialEq for Journal<T> {
    fn eq(&self, _: &Journal<T>) -> bool {
        true
    }
}

impl<T> Eq for Journal<T> {}

impl<T> Journal<T> {
    /// Starts noting writes (one attempt at a time), the structure's list being `len` long.
    pub fn open(&mut self, len: usize) {
        debug_assert!(!self.open, "one attempt at a time");
        (self.open, self.len) = (true, len);
        self.notes.clear();
    }

    /// Whether anything was noted since opened.
    pub fn has_notes(&self) -> bool {
        !self.notes.is_empty()
    }

    /// The length of the structure's list when opened.
    pub fn start_len(&self) -> usize {
        self.len
    }

    /// Notes what place `i` of the structure's list held before a write, while open, unless
    /// the place is new since.
    #[inline(always)]
    pub fn note_at(&mut self, i: usize, note: impl FnOnce() -> T) {
        if self.open && i < self.len {
            self.push(note());
        }
    }

    /// Whether writes are being noted.
    #[inline(always)]
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Notes what a place held before a write, while open (`note` is asked only then).
    #[inline(always)]
    pub fn note(&mut self, note: impl FnOnce() -> T) {
        if self.open {
            self.push(note());
        }
    }

    /// Out of the way of the writes of a game played, which note nothing.
    #[cold]
    #[inline(never)]
    fn push(&mut self, note: T) {
        self.notes.push(note);
    }

    /// Stops noting: the notes, the last first, to be written back. The room stays for the
    /// next attempt.
    pub fn close(&mut self) -> impl Iterator<Item = T> + '_ {
        self.open = false;
        self.notes.drain(..).rev()
    }

    /// Stops noting, keeping what was written.
    pub fn discard(&mut self) {
        self.open = false;
        self.notes.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_come_back_the_last_first_and_only_while_open() {
        let mut j = Journal::default();
        j.note(|| 0);
        j.open(5);
        assert!(j.is_open());
        j.note(|| 1);
        j.note_at(4, || 2);
        j.note_at(5, || 9);
        assert_eq!(j.close().collect::<Vec<_>>(), vec![2, 1], "place 5 is new");
        assert!(!j.is_open());
        j.note(|| 3);
        j.open(0);
        assert_eq!(j.clone().close().count(), 0, "a copy starts closed and empty");
        assert_eq!(j.close().count(), 0);
    }
}

//! The transposition table: search results keyed by Zobrist hash, shared lock-free between threads.
//!
//! Slots come in buckets of one 64-byte cache line: a key may sit in any slot of its bucket, and
//! a new key takes the bucket's empty slot, else the slot worth least — the shallowest, an older
//! search's before this one's, an estimate before a proof (Rapfi's and Stockfish's clustered
//! tables). A slot is [`Wide`] (16 bytes: the data and the key XOR the data, the "lockless
//! hashing" of Hyatt and Mann, for any value) or [`Compact`] (8 bytes written whole: 20 bits of
//! the key beside a 16-bit value, twice the entries in the same memory, for the gomoku search).

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is the node's value (to the depth searched).
    Exact,
    /// The true value is at least this (a beta cut-off).
    Lower,
    /// The true value is at most this (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The value, from the side to move's view (mate values relative to this node).
    pub value: i32,
    /// The remaining depth it was searched to.
    pub depth: u8,
    /// How `value` bounds the true value.
    pub bound: Bound,
    /// True when the subtree met no heuristic leaf: the bound holds for perfect play.
    pub proven: bool,
    /// The best move found, if any.
    pub best: Option<u16>,
}

/// The move field: 11 bits (cells up to 2046, the pattern board's padded 40 × 40 included).
const NO_MOVE: u64 = 0x7FF;
/// Searches are counted modulo 64 (6 bits of a slot).
const GENERATIONS: u8 = 64;
/// A bucket: one 64-byte cache line of slots.
const BUCKET_BYTES: usize = 64;

/// How a slot holds an entry: a [`Wide`] slot any value, a [`Compact`] one a value that fits 16
/// bits, in half the memory.
pub trait Slot: Send + Sync {
    /// An empty slot.
    fn empty() -> Self;
    /// The entry stored for `key`, with the search it was stored in.
    fn get(&self, key: u64) -> Option<(Entry, u8)>;
    /// The entry stored, for whatever key, with its search; `None` when the slot is empty.
    fn peek(&self) -> Option<(Entry, u8)>;
    /// Stores `e` for `key`, marked with search `generation`.
    fn set(&self, key: u64, e: Entry, generation: u8);
    /// Empties the slot.
    fn clear(&self);
}

/// The bound's two bits: never 0 in a stored entry, so an empty slot (all zeros) reads as empty.
fn bound_bits(b: Bound) -> u64 {
    match b {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    }
}

/// The bound of [`bound_bits`]; `None` for an empty slot.
fn bound_of(bits: u64) -> Option<Bound> {
    match bits & 3 {
        1 => Some(Bound::Exact),
        2 => Some(Bound::Lower),
        3 => Some(Bound::Upper),
        _ => None,
    }
}

/// The fields every slot keeps from bit 0: depth (8 bits), bound (2), proven (1), move (11) and
/// search (6), 28 bits.
fn pack_fields(e: Entry, generation: u8) -> u64 {
    e.depth as u64
        | bound_bits(e.bound) << 8
        | (e.proven as u64) << 10
        | (e.best.map_or(NO_MOVE, |m| m as u64)) << 11
        | ((generation % GENERATIONS) as u64) << 22
}

/// The entry and search of fields packed by [`pack_fields`], with `value`; `None` when empty.
fn unpack_fields(d: u64, value: i32) -> Option<(Entry, u8)> {
    let m = (d >> 11) & NO_MOVE;
    let e = Entry {
        value,
        depth: d as u8,
        bound: bound_of(d >> 8)?,
        proven: (d >> 10) & 1 == 1,
        best: (m != NO_MOVE).then_some(m as u16),
    };
    Some((e, (d >> 22) as u8 & (GENERATIONS - 1)))
}

/// A 16-byte slot: the data (the fields, then the value's 32 bits from bit 32) and the key XOR
/// the data, so a slot torn by two threads writing at once fails the key check and reads as empty
/// (the "lockless hashing" of Hyatt and Mann). For any value (the general search's reach 10^9).
pub struct Wide([AtomicU64; 2]);

impl Slot for Wide {
    fn empty() -> Self {
        Wide([AtomicU64::new(0), AtomicU64::new(0)])
    }

    #[inline]
    fn get(&self, key: u64) -> Option<(Entry, u8)> {
        let data = self.0[0].load(Ordering::Relaxed);
        let check = self.0[1].load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        unpack_fields(data, (data >> 32) as u32 as i32)
    }

    #[inline]
    fn peek(&self) -> Option<(Entry, u8)> {
        let data = self.0[0].load(Ordering::Relaxed);
        unpack_fields(data, (data >> 32) as u32 as i32)
    }

    #[inline]
    fn set(&self, key: u64, e: Entry, generation: u8) {
        let data = pack_fields(e, generation) | (e.value as u32 as u64) << 32;
        self.0[0].store(data, Ordering::Relaxed);
        self.0[1].store(key ^ data, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.0[0].store(0, Ordering::Relaxed);
        self.0[1].store(0, Ordering::Relaxed);
    }
}

/// An 8-byte slot, written and read whole (so never torn): the fields, the value as 16 bits from
/// bit 28 and the key's top 20 bits from bit 44. A bucket's index comes from the key's low bits,
/// so another key of the bucket passes the check once in 2^20 (a full bucket's eight slots: once
/// in 131,072 probes); the search plays a stored move only on an empty cell. For the gomoku
/// search, whose values lie within ±32,767: twice the entries of [`Wide`] in the same memory.
pub struct Compact(AtomicU64);

/// Where the key's check bits start in a [`Compact`] slot.
const COMPACT_KEY_SHIFT: u32 = 44;

impl Slot for Compact {
    fn empty() -> Self {
        Compact(AtomicU64::new(0))
    }

    #[inline]
    fn get(&self, key: u64) -> Option<(Entry, u8)> {
        let d = self.0.load(Ordering::Relaxed);
        if d >> COMPACT_KEY_SHIFT != key >> COMPACT_KEY_SHIFT {
            return None;
        }
        unpack_fields(d, (d >> 28) as u16 as i16 as i32)
    }

    #[inline]
    fn peek(&self) -> Option<(Entry, u8)> {
        let d = self.0.load(Ordering::Relaxed);
        unpack_fields(d, (d >> 28) as u16 as i16 as i32)
    }

    #[inline]
    fn set(&self, key: u64, e: Entry, generation: u8) {
        debug_assert!(i16::try_from(e.value).is_ok(), "{}", e.value);
        let value = e.value.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
        let d = pack_fields(e, generation)
            | value << 28
            | (key >> COMPACT_KEY_SHIFT) << COMPACT_KEY_SHIFT;
        self.0.store(d, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.0.store(0, Ordering::Relaxed);
    }
}

/// The bytes of a [`Wide`] slot.
pub const SLOT_BYTES: usize = std::mem::size_of::<Wide>();

/// A fixed-size table of `2^bits` slots in buckets of one cache line (four [`Wide`] slots or
/// eight [`Compact`] ones).
pub struct Table<S: Slot = Wide> {
    /// The slots, from `start` on (the memory before them puts them on a huge page's boundary).
    memory: Vec<S>,
    start: usize,
    /// The slots less one.
    mask: usize,
    /// The current search, modulo [`GENERATIONS`] (see [`Table::new_search`]).
    generation: AtomicU8,
}

/// A huge page of memory (2 MiB on x86-64 Linux): a table at least this large is put on huge
/// pages where the system allows, since every probe lands on a page of its own and a table on
/// small pages waits for the processor's page walks.
const HUGE_PAGE: usize = 2 << 20;

impl<S: Slot> Table<S> {
    /// Slots a bucket: a 64-byte cache line of them.
    pub const BUCKET: usize = BUCKET_BYTES / std::mem::size_of::<S>();

    /// A table of `slots` slots, rounded up to a power of two.
    pub fn with_slots(slots: usize) -> Self {
        let n = slots.max(1).next_power_of_two();
        let slot = std::mem::size_of::<S>();
        let huge = n * slot >= HUGE_PAGE && cfg!(target_os = "linux");
        let extra = if huge { HUGE_PAGE / slot + 1 } else { 0 };
        // Reserved first, touched only after the system has been told (the pages are made on
        // the first write).
        let mut memory: Vec<S> = Vec::with_capacity(n + extra);
        let start = if huge {
            let address = memory.as_ptr() as usize;
            let boundary = address.next_multiple_of(HUGE_PAGE);
            advise_huge_pages(boundary, n * slot);
            (boundary - address).div_ceil(slot)
        } else {
            0
        };
        memory.extend((0..n + extra).map(|_| S::empty()));
        Table {
            memory,
            start,
            mask: n - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// A table of about `bytes` (a power of two of slots, at least 1024 and no more than `bytes`
    /// allows unless that is under 16 KiB).
    pub fn with_bytes(bytes: usize) -> Self {
        let slot = std::mem::size_of::<S>();
        let n = (bytes / slot).max(1024).next_power_of_two();
        let n = if n * slot > bytes.max(16 * 1024) {
            n / 2
        } else {
            n
        };
        Self::with_slots(n)
    }

    /// Starts a new search: entries stored before it are older, and give way first to new keys.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store((g + 1) % GENERATIONS, Ordering::Relaxed);
    }

    /// The slots of `key`'s bucket (the whole table when it is smaller than a bucket).
    #[inline]
    fn bucket(&self, key: u64) -> &[S] {
        let first = key as usize & self.mask & !(Self::BUCKET - 1);
        let slots = self.slots();
        &slots[first..(first + Self::BUCKET).min(slots.len())]
    }

    /// The slot of `key`'s bucket holding `key`, with its entry.
    #[inline]
    fn find(&self, key: u64) -> Option<(&S, Entry)> {
        self.bucket(key)
            .iter()
            .find_map(|s| s.get(key).map(|(e, _)| (s, e)))
    }

    /// The slots.
    #[inline]
    fn slots(&self) -> &[S] {
        &self.memory[self.start..=self.start + self.mask]
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in self.slots() {
            s.clear();
        }
    }

    /// Asks the processor to bring `key`'s bucket into its cache, so that a probe a little later
    /// does not wait for memory (a hint: it reads nothing and cannot fault).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = self.bucket(key).as_ptr();
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch of any address is
            // allowed (it is a hint, never a read).
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    slot as *const i8,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.find(key).map(|(_, e)| e)
    }

    /// Stores `e` for `key`, unless the slot holds a deeper result for the same key.
    #[inline]
    pub fn store(&self, key: u64, e: Entry) {
        let (slot, old) = self.slot_for(key);
        if let Some(old) = old {
            if old.depth > e.depth && !e.proven && old.bound == Bound::Exact {
                return;
            }
        }
        self.write(slot, key, e);
    }

    /// Stores `e` for `key` with another rule of replacement: a proven exact result is replaced
    /// only by a proven one, and any result only by an unproven one at most two plies shallower.
    #[inline]
    pub fn store_keeping_proofs(&self, key: u64, e: Entry) {
        let (slot, old) = self.slot_for(key);
        if let Some(old) = old {
            let old_proven = old.proven && old.bound == Bound::Exact;
            if !e.proven && (old_proven || old.depth as i32 > e.depth as i32 + 2) {
                return;
            }
        }
        self.write(slot, key, e);
    }

    /// Where `key` is to be stored, with what it holds for `key`: its own slot, else the bucket's
    /// empty slot, else the slot worth least — its depth, less eight plies a search it is older,
    /// sixteen plies more for a proven exact value.
    #[inline]
    fn slot_for(&self, key: u64) -> (&S, Option<Entry>) {
        if let Some((s, e)) = self.find(key) {
            return (s, Some(e));
        }
        let generation = self.generation.load(Ordering::Relaxed);
        let worth = |s: &S| {
            let Some((old, g)) = s.peek() else {
                return i32::MIN;
            };
            let age = generation.wrapping_sub(g) % GENERATIONS;
            let proof = old.proven && old.bound == Bound::Exact;
            old.depth as i32 + 16 * proof as i32 - 8 * age as i32
        };
        let bucket = self.bucket(key);
        let victim = bucket.iter().min_by_key(|s| worth(s)).unwrap_or(&bucket[0]);
        (victim, None)
    }

    /// Writes `e` for `key` in `slot`, marked with the current search.
    #[inline]
    fn write(&self, slot: &S, key: u64, e: Entry) {
        slot.set(key, e, self.generation.load(Ordering::Relaxed));
    }
}

/// A value as stored at a node `ply` plies from the root: a win or loss (beyond `decided`,
/// counted from the root) counted from the node instead.
#[inline]
pub fn to_table(v: i32, ply: usize, decided: i32) -> i32 {
    if v >= decided {
        v + ply as i32
    } else if v <= -decided {
        v - ply as i32
    } else {
        v
    }
}

/// A stored value read at a node `ply` plies from the root (the inverse of [`to_table`]).
#[inline]
pub fn from_table(v: i32, ply: usize, decided: i32) -> i32 {
    if v >= decided {
        v - ply as i32
    } else if v <= -decided {
        v + ply as i32
    } else {
        v
    }
}

/// Asks Linux to back `bytes` of memory from `address` (a huge page's boundary) with huge pages
/// (transparent huge pages in their `madvise` mode; nothing happens where they are off).
fn advise_huge_pages(address: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    // SAFETY: madvise only advises: the range is memory this table reserved and owns, and the
    // advice changes how it is backed, not its contents (untouched, it reads as zeros either way).
    unsafe {
        libc::madvise(address as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (address, bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of an entry comes back from both kinds of slot, under its own key only: a
    /// wide slot for any value, a compact one for a value of 16 bits, each kind empty at first.
    #[test]
    fn entries_round_trip() {
        let entries = [
            Entry {
                value: -999_999_987,
                depth: 17,
                bound: Bound::Upper,
                proven: true,
                best: Some(360),
            },
            Entry {
                value: 12345,
                depth: 0,
                bound: Bound::Lower,
                proven: false,
                best: None,
            },
            Entry {
                value: 0,
                depth: 255,
                bound: Bound::Exact,
                proven: false,
                best: Some(0),
            },
            Entry {
                value: -32_768,
                depth: 1,
                bound: Bound::Exact,
                proven: true,
                best: Some(2046),
            },
        ];
        let key = 0xDEAD_BEEF_0123_4567u64;
        for e in entries {
            for g in [0, 1, 63] {
                let w = Wide::empty();
                assert_eq!(w.peek(), None);
                w.set(key, e, g);
                assert_eq!(w.get(key), Some((e, g)));
                assert_eq!(w.get(key ^ 1), None);
                if i16::try_from(e.value).is_ok() {
                    let c = Compact::empty();
                    assert_eq!(c.peek(), None);
                    c.set(key, e, g);
                    assert_eq!(c.get(key), Some((e, g)));
                    assert_eq!(c.peek(), Some((e, g)));
                    // Another key of the same bucket (its low bits the same) fails the check.
                    assert_eq!(c.get(key ^ 1 << 63), None);
                    assert_eq!(c.get(key ^ 1 << COMPACT_KEY_SHIFT), None);
                    c.clear();
                    assert_eq!(c.get(key), None);
                }
            }
            let t = Table::<Wide>::with_slots(1000);
            t.store(0xDEAD_BEEF, e);
            assert_eq!(t.probe(0xDEAD_BEEF), Some(e));
            assert_eq!(t.probe(0xDEAD_BEEE), None);
        }
    }

    #[test]
    fn proofs_are_kept_and_values_counted_from_the_node() {
        proofs_are_kept::<Wide>(1 << 16);
        proofs_are_kept::<Compact>(1 << 17);
    }

    fn proofs_are_kept<S: Slot>(slots: usize) {
        let t = Table::<S>::with_bytes(1 << 20);
        assert_eq!(t.slots().len(), slots);
        let e = |value, depth, proven| Entry {
            value,
            depth,
            bound: Bound::Exact,
            proven,
            best: Some(1599),
        };
        t.store_keeping_proofs(7, e(29_990, 3, true));
        t.store_keeping_proofs(7, e(50, 20, false));
        assert_eq!(t.probe(7), Some(e(29_990, 3, true)));
        t.store_keeping_proofs(7, e(-29_000, 1, true));
        assert_eq!(t.probe(7).map(|e| e.value), Some(-29_000));
        t.store_keeping_proofs(8, e(10, 9, false));
        t.store_keeping_proofs(8, e(20, 6, false));
        assert_eq!(t.probe(8).map(|e| e.value), Some(10));
        t.store_keeping_proofs(8, e(30, 7, false));
        assert_eq!(t.probe(8).map(|e| e.value), Some(30));
        for v in [-29_995, -100, 0, 100, 29_995] {
            for ply in [0, 1, 7] {
                let stored = to_table(v, ply, 29_000);
                assert_eq!(from_table(stored, ply, 29_000), v);
                if v.abs() >= 29_000 {
                    assert_eq!(stored.abs(), v.abs() + ply as i32);
                }
            }
        }
    }

    #[test]
    fn a_bucket_holds_a_cache_line_of_keys_and_gives_up_the_one_worth_least() {
        assert_eq!(Table::<Wide>::BUCKET, 4);
        assert_eq!(Table::<Compact>::BUCKET, 8);
        a_bucket_gives_up_the_one_worth_least::<Wide>();
        a_bucket_gives_up_the_one_worth_least::<Compact>();
    }

    fn a_bucket_gives_up_the_one_worth_least<S: Slot>() {
        let n = Table::<S>::BUCKET;
        let t = Table::<S>::with_slots(1 << 10);
        let e = |depth, proven: bool| Entry {
            value: if proven { 29_500 } else { 7 },
            depth,
            bound: Bound::Exact,
            proven,
            best: Some(3),
        };
        // A bucket's keys and one more (the same index bits, another key in the top bits).
        let keys: Vec<u64> = (0..=n as u64)
            .map(|i| ((i + 1) << 50) | (0x140 + (i % 4)))
            .collect();
        let depths = &[10, 3, 8, 12, 9, 11, 14, 13][..n];
        for (k, d) in keys.iter().zip(depths) {
            t.store(*k, e(*d, false));
        }
        for (k, d) in keys.iter().zip(depths) {
            assert_eq!(t.probe(*k), Some(e(*d, false)), "key {k:#x}");
        }
        // A new key takes the shallowest slot.
        t.store(keys[n], e(5, false));
        assert_eq!(t.probe(keys[1]), None);
        for (i, &k) in keys.iter().enumerate().filter(|&(i, _)| i != 1) {
            assert!(t.probe(k).is_some(), "key {i}");
        }
        // Two searches later, the deep entries of the first give way to a shallow new one, the
        // least deep of them first.
        t.new_search();
        t.new_search();
        t.store(keys[n], e(6, false));
        t.store(keys[1], e(1, false));
        assert_eq!(t.probe(keys[2]), None);
        assert_eq!(t.probe(keys[n]), Some(e(6, false)));
        // A proof outlasts a deeper estimate of its own age.
        let more: Vec<u64> = (0..=n as u64).map(|i| ((i + 1) << 50) | 0x200).collect();
        t.store(more[0], e(1, true));
        for &k in &more[1..] {
            t.store(k, e(9, false));
        }
        assert_eq!(t.probe(more[0]), Some(e(1, true)));
        let kept = more[1..].iter().filter(|&&k| t.probe(k).is_some()).count();
        assert_eq!(kept, n - 1);
    }

    #[test]
    fn sizes_are_powers_of_two() {
        assert_eq!(Table::<Wide>::with_slots(1000).slots().len(), 1024);
        assert_eq!(Table::<Compact>::with_slots(1 << 16).slots().len(), 1 << 16);
        assert_eq!(Table::<Wide>::with_slots(0).slots().len(), 1);
        assert_eq!(
            Table::<Compact>::with_bytes(16 << 20).slots().len(),
            2 << 20
        );
    }
}

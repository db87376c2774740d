//! The transposition table: search results keyed by Zobrist hash, shared lock-free between threads.
//!
//! Each slot is two `AtomicU64`s, the entry's data and its key XOR its data, so a slot torn by two
//! threads writing at once fails the key check and reads as empty (the "lockless hashing" of Hyatt
//! and Mann). Slots come in buckets of [`BUCKET`], one cache line: a key may sit in any slot of
//! its bucket, and a new key takes the bucket's empty slot, else the slot worth least — the
//! shallowest, an older search's before this one's, an estimate before a proof (Rapfi's and
//! Stockfish's clustered tables).

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
    /// True when the node is or was on a principal variation (Rapfi's `ttPv`).
    pub pv: bool,
}

/// The move field: 11 bits (cells up to 2046, the pattern board's padded 40 × 40 included).
const NO_MOVE: u64 = 0x7FF;
/// The search an entry was stored in: 6 bits from bit 54, counting searches modulo 64.
const GENERATION_SHIFT: u32 = 54;
const GENERATIONS: u8 = 64;
/// The PV bit: bit 60.
const PV_SHIFT: u32 = 60;
/// Slots a bucket: four of 16 bytes, a 64-byte cache line.
pub const BUCKET: usize = 4;

impl Entry {
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        (self.value as u32 as u64)
            | (self.depth as u64) << 32
            | bound << 40
            | (self.proven as u64) << 42
            | (self.best.map_or(NO_MOVE, |m| m as u64)) << 43
            | (self.pv as u64) << PV_SHIFT
    }

    fn unpack(d: u64) -> Entry {
        let m = (d >> 43) & NO_MOVE;
        Entry {
            value: d as u32 as i32,
            depth: (d >> 32) as u8,
            bound: match (d >> 40) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            proven: (d >> 42) & 1 == 1,
            best: (m != NO_MOVE).then_some(m as u16),
            pv: (d >> PV_SHIFT) & 1 == 1,
        }
    }
}

/// The bytes of a slot: its entry's data and its key XOR its data.
pub const SLOT_BYTES: usize = std::mem::size_of::<[AtomicU64; 2]>();

/// A fixed-size table of `2^bits` slots in buckets of [`BUCKET`].
pub struct Table {
    /// The slots, from `start` on (the memory before them puts them on a huge page's boundary).
    memory: Vec<[AtomicU64; 2]>,
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

impl Table {
    /// A table of `slots` 16-byte slots, rounded up to a power of two.
    pub fn with_slots(slots: usize) -> Table {
        let n = slots.max(1).next_power_of_two();
        let slot = SLOT_BYTES;
        let huge = n * slot >= HUGE_PAGE && cfg!(target_os = "linux");
        let extra = if huge { HUGE_PAGE / slot + 1 } else { 0 };
        // Zeroed by the system, which makes the pages on their first use: a large table costs
        // nothing until the search writes it (filled here, a 175 MiB table took half a second
        // of the first move), and the system is told of huge pages before any is touched.
        let memory = zeroed_slots(n + extra);
        let start = if huge {
            let address = memory.as_ptr() as usize;
            let boundary = address.next_multiple_of(HUGE_PAGE);
            advise_huge_pages(boundary, n * slot);
            (boundary - address).div_ceil(slot)
        } else {
            0
        };
        Table {
            memory,
            start,
            mask: n - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Starts a new search: entries stored before it are older, and give way first to new keys.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store((g + 1) % GENERATIONS, Ordering::Relaxed);
    }

    /// The slots of `key`'s bucket (the whole table when it is smaller than a bucket).
    #[inline]
    fn bucket(&self, key: u64) -> &[[AtomicU64; 2]] {
        let first = key as usize & self.mask & !(BUCKET - 1);
        let slots = self.slots();
        &slots[first..(first + BUCKET).min(slots.len())]
    }

    /// The slot of `key`'s bucket holding `key`, with its data.
    #[inline]
    fn find(&self, key: u64) -> Option<(&[AtomicU64; 2], u64)> {
        self.bucket(key).iter().find_map(|s| {
            let data = s[0].load(Ordering::Relaxed);
            let check = s[1].load(Ordering::Relaxed);
            (check ^ data == key && data != 0).then_some((s, data))
        })
    }

    /// The slots.
    #[inline]
    fn slots(&self) -> &[[AtomicU64; 2]] {
        &self.memory[self.start..=self.start + self.mask]
    }

    /// A table of about `bytes` (16 bytes a slot, a power of two of them, at least 1024 and no
    /// more than `bytes` allows unless that is under 16 KiB).
    pub fn with_bytes(bytes: usize) -> Table {
        let n = (bytes / SLOT_BYTES).max(1024).next_power_of_two();
        let n = if n * SLOT_BYTES > bytes.max(16 * 1024) {
            n / 2
        } else {
            n
        };
        Table::with_slots(n)
    }

    /// The number of slots.
    #[cfg(test)]
    pub fn slot_count(&self) -> usize {
        self.mask + 1
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in self.slots() {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    /// Asks the processor to bring `key`'s slot into its cache, so that a probe a little later
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
        self.find(key).map(|(_, data)| Entry::unpack(data))
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
    fn slot_for(&self, key: u64) -> (&[AtomicU64; 2], Option<Entry>) {
        if let Some((s, data)) = self.find(key) {
            return (s, Some(Entry::unpack(data)));
        }
        let generation = self.generation.load(Ordering::Relaxed);
        let worth = |s: &[AtomicU64; 2]| {
            let data = s[0].load(Ordering::Relaxed);
            if data == 0 {
                return i32::MIN;
            }
            let old = Entry::unpack(data);
            let g = (data >> GENERATION_SHIFT) as u8 & (GENERATIONS - 1);
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
    fn write(&self, slot: &[AtomicU64; 2], key: u64, e: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let data = e.pack() | (generation as u64) << GENERATION_SHIFT;
        slot[0].store(data, Ordering::Relaxed);
        slot[1].store(key ^ data, Ordering::Relaxed);
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

/// `len` empty slots (all bits zero), in memory the allocator asks the system for zeroed: its
/// pages are made on their first use.
fn zeroed_slots(len: usize) -> Vec<[AtomicU64; 2]> {
    let layout = std::alloc::Layout::array::<[AtomicU64; 2]>(len).expect("a table within memory");
    if layout.size() == 0 {
        return Vec::new();
    }
    // SAFETY: the layout's size is not zero. All-zero bytes are a valid `AtomicU64` (it has the
    // in-memory representation of `u64`), so the `len` slots are initialised. The memory is the
    // global allocator's, allocated with the very layout `Vec` frees it with (`len` elements of
    // `[AtomicU64; 2]`, capacity `len`).
    unsafe {
        let p = std::alloc::alloc_zeroed(layout).cast::<[AtomicU64; 2]>();
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Vec::from_raw_parts(p, len, len)
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

    #[test]
    fn entries_round_trip() {
        for e in [
            Entry {
                value: -999_999_987,
                depth: 17,
                bound: Bound::Upper,
                proven: true,
                best: Some(360),
                pv: true,
            },
            Entry {
                value: 12345,
                depth: 0,
                bound: Bound::Lower,
                proven: false,
                best: None,
                pv: false,
            },
            Entry {
                value: 0,
                depth: 255,
                bound: Bound::Exact,
                proven: false,
                best: Some(0),
                pv: true,
            },
        ] {
            assert_eq!(Entry::unpack(e.pack()), e);
            let t = Table::with_slots(1000);
            t.store(0xDEAD_BEEF, e);
            assert_eq!(t.probe(0xDEAD_BEEF), Some(e));
            assert_eq!(t.probe(0xDEAD_BEEE), None);
        }
    }

    #[test]
    fn a_new_table_is_empty_on_small_and_huge_pages_and_keeps_what_is_stored() {
        // The slots come zeroed from the system (huge pages from 2 MiB on): every slot reads
        // empty, every probe misses, and a key stored in each bucket is found again.
        for bytes in [16 << 10, 1 << 20, 8 << 20] {
            let t = Table::with_bytes(bytes);
            assert!(t.slots().len() * SLOT_BYTES <= bytes);
            assert!(t
                .slots()
                .iter()
                .all(|s| s[0].load(Ordering::Relaxed) == 0 && s[1].load(Ordering::Relaxed) == 0));
            let keys: Vec<u64> = (0..t.slots().len() as u64 / BUCKET as u64)
                .map(|b| (b * BUCKET as u64) | (0x5EED << 40))
                .collect();
            assert!(keys.iter().all(|&k| t.probe(k).is_none()));
            let e = Entry {
                value: 123,
                depth: 9,
                bound: Bound::Lower,
                proven: false,
                best: Some(42),
                pv: true,
            };
            for &k in &keys {
                t.store(k, e);
            }
            assert!(keys.iter().all(|&k| t.probe(k) == Some(e)), "{bytes} bytes");
        }
    }

    #[test]
    fn proofs_are_kept_and_values_counted_from_the_node() {
        let t = Table::with_bytes(1 << 20);
        assert_eq!(t.slots().len(), 1 << 16);
        let e = |value, depth, proven| Entry {
            value,
            depth,
            bound: Bound::Exact,
            proven,
            best: Some(1599),
            pv: false,
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
    fn a_bucket_holds_four_keys_and_gives_up_the_one_worth_least() {
        let t = Table::with_slots(1 << 10);
        let e = |depth, proven: bool| Entry {
            value: if proven { 29_500 } else { 7 },
            depth,
            bound: Bound::Exact,
            proven,
            best: Some(3),
            pv: false,
        };
        // Five keys of one bucket (the same index bits, another key above them).
        let keys: Vec<u64> = (0..5)
            .map(|i| 0x1_0000_0000 * i + 0x140 + (i % 4))
            .collect();
        for (k, d) in keys.iter().zip([10, 3, 8, 12]) {
            t.store(*k, e(d, false));
        }
        for (k, d) in keys.iter().zip([10, 3, 8, 12]) {
            assert_eq!(t.probe(*k), Some(e(d, false)), "key {k:#x}");
        }
        // A new key takes the shallowest slot.
        t.store(keys[4], e(5, false));
        assert_eq!(t.probe(keys[1]), None);
        for k in [keys[0], keys[2], keys[3], keys[4]] {
            assert!(t.probe(k).is_some(), "key {k:#x}");
        }
        // Two searches later, the deep entries of the first give way to a shallow new one, the
        // least deep of them first.
        t.new_search();
        t.new_search();
        t.store(keys[4], e(6, false));
        t.store(keys[1], e(1, false));
        assert_eq!(t.probe(keys[2]), None);
        assert_eq!(t.probe(keys[4]), Some(e(6, false)));
        // A proof outlasts a deeper estimate of its own age.
        let more: Vec<u64> = (5..10).map(|i| 0x1_0000_0000 * i + 0x200).collect();
        t.store(more[0], e(1, true));
        for &k in &more[1..] {
            t.store(k, e(9, false));
        }
        assert_eq!(t.probe(more[0]), Some(e(1, true)));
        let kept = more[1..].iter().filter(|&&k| t.probe(k).is_some()).count();
        assert_eq!(kept, 3);
    }

    #[test]
    fn sizes_are_powers_of_two() {
        assert_eq!(Table::with_slots(1000).slots().len(), 1024);
        assert_eq!(Table::with_slots(1 << 16).slots().len(), 1 << 16);
        assert_eq!(Table::with_slots(0).slots().len(), 1);
    }
}

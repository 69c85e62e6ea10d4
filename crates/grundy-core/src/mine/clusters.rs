//! Step 3 of solving a board that breaks the promise: the shared numbers, grouped by the set of
//! regions they touch, link regions into clusters. Only a group of odd count is a live link (a
//! group's numbers vanish together, so it is worth its parity), and only the parity of a
//! region's private numbers matters.

use super::buffers::{Buffers, Shared};
use super::sort::sort;
use super::sweep::union;
use alloc::vec;
use alloc::vec::Vec;

/// A group of shared numbers with the same regions and an odd count: its regions (indices into
/// the cluster's `regions`) and one of its numbers (row, column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Group {
    pub members: Vec<u32>,
    pub cell: (u32, u32),
}

/// Regions linked by live groups.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct BoardCluster {
    /// Root runs of its regions, ascending.
    pub regions: Vec<u32>,
    /// Per region: whether its count of private numbers is odd.
    pub odd: Vec<bool>,
    pub groups: Vec<Group>,
}

impl BoardCluster {
    /// Whether every group links exactly two regions (always so on a board: a number's
    /// neighbourhood cannot hold three blank cells pairwise apart).
    pub fn is_graph(&self) -> bool {
        self.groups.iter().all(|g| g.members.len() == 2)
    }

    /// Independent cycles of the cluster seen as a graph: groups - regions + 1.
    pub fn cycles(&self) -> usize {
        (self.groups.len() + 1).saturating_sub(self.regions.len())
    }
}

/// The clusters of the last board, sorted by their first region. Sorts `buffers.shared`.
pub(super) fn clusters(buffers: &mut Buffers) -> Vec<BoardCluster> {
    let Buffers { shared, count, .. } = buffers;
    sort(shared);
    let groups: Vec<Shared> =
        shared.chunk_by(Shared::same_regions).filter(|chunk| chunk.len() % 2 == 1).map(|chunk| chunk[0]).collect();
    // The regions of the groups, numbered locally, and clusters by union-find over them.
    let mut regions: Vec<u32> = groups.iter().flat_map(|g| g.ids().iter().copied()).collect();
    sort(&mut regions);
    regions.dedup();
    let local = |id: u32| regions.binary_search(&id).expect("a region of a group") as u32;
    let mut link: Vec<u32> = (0..regions.len() as u32).collect();
    for g in &groups {
        let first = local(g.ids[0]);
        for &id in &g.ids()[1..] {
            union(&mut link, first, local(id));
        }
    }
    for x in 0..link.len() {
        link[x] = link[link[x] as usize];
    }
    // Clusters by root (the smallest local index, so in the order of their first region).
    let mut index = vec![u32::MAX; regions.len()];
    let mut out: Vec<BoardCluster> = Vec::new();
    let mut position = vec![0u32; regions.len()];
    for x in 0..regions.len() {
        let root = link[x] as usize;
        if index[root] == u32::MAX {
            index[root] = out.len() as u32;
            out.push(BoardCluster::default());
        }
        let c = &mut out[index[root] as usize];
        position[x] = c.regions.len() as u32;
        c.regions.push(regions[x]);
        c.odd.push(count[regions[x] as usize] % 2 == 1);
    }
    for g in &groups {
        let c = &mut out[index[link[local(g.ids[0]) as usize] as usize] as usize];
        let members = g.ids().iter().map(|&id| position[local(id) as usize]).collect();
        c.groups.push(Group { members, cell: (g.row, g.col) });
    }
    out
}

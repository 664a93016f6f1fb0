//===- Dataflow.h - Worklist dataflow over a control-flow graph --*- C++
//-*-===//
//
// A monotone dataflow solver, forward or backward, to a fixed point.  The
// analysis supplies the lattice; the solver supplies the order (reverse
// post-order for forward problems, post-order for backward ones, so that a
// loop body is settled before what follows it) and the budget.
//
// The analysis type provides:
//   using State = ...;
//   State boundary();  // at the entry (forward) or at exits (backward)
//   /// Merges From into Into where paths join; returns whether Into
//   /// changed.  Union makes a may-analysis, intersection a must-analysis.
//   /// Widen is set once Into has changed WidenAfter times: a lattice with
//   /// long descending chains (a loop counter losing one known bit per
//   /// trip) then jumps to its end for whatever still changes.
//   bool join(State &Into, const State &From, bool Widen);
//   (not with UnionBitStates, which joins by union itself)
//   /// Applies the block to S (forward: entry to exit; backward: exit to
//   /// entry); returns the work done, in steps charged to the budget.
//   uint64_t transfer(const CFGBlock &B, State &S);
//   /// Optional, forward bit-vector problems: the facts that do not cross
//   /// the edge From -> To (a path that is not one), or nullptr.
//   const llvm::BitVector *edgeKills(const CFGBlock &From, const CFGBlock &To);
//
// The budget counts memory as well as work: a store says what a visit
// costs (stepsPerVisit) and allocates its states in allocate(Budget), which
// refuses a store larger than the budget before a byte of it is taken.
//
// A block's state is set by the first path that reaches it and joined with
// the others after, so a must-analysis needs no "everything" element.
// Blocks no path reaches (from the entry, or for backward problems to an
// exit) keep no state.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_DATAFLOW_H
#define TCGEN05_ANALYSIS_DATAFLOW_H

#include "tcgen05/Analysis/ControlFlowGraph.h"

#include "llvm/ADT/BitVector.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace tcgen05 {

enum class DataflowDirection { Forward, Backward };

/// Whether AnalysisT has edgeKills (see above).
template <typename AnalysisT, typename = void>
struct HasEdgeKills : std::false_type {};
template <typename AnalysisT>
struct HasEdgeKills<
    AnalysisT,
    std::void_t<decltype(std::declval<AnalysisT &>().edgeKills(
        std::declval<const CFGBlock &>(), std::declval<const CFGBlock &>()))>>
    : std::true_type {};

/// Where the solver keeps each block's input state: an optional State per
/// block, merged by the analysis's join.
template <typename AnalysisT> class StatePerBlock {
public:
  using State = typename AnalysisT::State;

  StatePerBlock(const ControlFlowGraph &G, AnalysisT &) : In(G.size()) {}
  bool allocate(uint64_t) { return true; }
  uint64_t stepsPerVisit() const { return 1; }
  bool reached(uint32_t N) const { return In[N].has_value(); }
  void load(uint32_t N, State &S) const { S = *In[N]; }
  /// Sets the state of a block no path has reached yet.
  void first(uint32_t N, const State &S) { In[N] = S; }
  /// Merges S into a reached block's state; whether it changed.
  bool join(uint32_t N, const State &S, bool Widen, AnalysisT &A) {
    return A.join(*In[N], S, Widen);
  }
  const State *get(uint32_t N) const { return In[N] ? &*In[N] : nullptr; }

private:
  std::vector<std::optional<State>> In;
};

/// The store for a may-analysis of bit facts: State is llvm::BitVector of
/// as many bits as boundary() has, and the join is union, which this store
/// does itself.  Every block's bits lie in one array, a word per 32 facts:
/// a bit vector per block cost many times the bits it held, per lint, on
/// the tens of thousands of blocks of an unoptimized kernel with a handful
/// of facts (docs/performance.md).  That array grows as blocks times
/// facts, so it counts against the budget: a word of it per step, and a
/// visit costs the words it moves.
template <typename AnalysisT> class UnionBitStates {
public:
  using State = llvm::BitVector;

  UnionBitStates(const ControlFlowGraph &G, AnalysisT &A)
      : NumBits(A.boundary().size()), Words((NumBits + 31) / 32),
        Blocks(G.size()) {}
  bool allocate(uint64_t Budget) {
    if (uint64_t(Blocks) * Words > Budget)
      return false;
    Data.assign(Blocks * Words, 0);
    Reached.resize(Blocks);
    return true;
  }
  uint64_t stepsPerVisit() const { return std::max(Words, 1u); }
  bool reached(uint32_t N) const {
    return N < Reached.size() && Reached.test(N);
  }
  void load(uint32_t N, State &S) const {
    S.clear();
    S.resize(NumBits);
    S.setBitsInMask(Data.data() + size_t(N) * Words, Words);
  }
  void first(uint32_t N, const State &S) {
    Reached.set(N);
    merge(N, S);
  }
  bool join(uint32_t N, const State &S, bool, AnalysisT &) {
    return merge(N, S);
  }

private:
  bool merge(uint32_t N, const State &S) {
    uint32_t *Row = Data.data() + size_t(N) * Words;
    auto From = S.getData();
    constexpr unsigned Halves = sizeof(typename decltype(From)::value_type) / 4;
    bool Changed = false;
    for (unsigned K = 0; K < Words; ++K) {
      uint32_t W =
          static_cast<uint32_t>(From[K / Halves] >> (32 * (K % Halves)));
      Changed |= (W & ~Row[K]) != 0;
      Row[K] |= W;
    }
    return Changed;
  }

  unsigned NumBits, Words;
  size_t Blocks;
  std::vector<uint32_t> Data;
  llvm::BitVector Reached;
};

template <typename AnalysisT, typename StoreT = StatePerBlock<AnalysisT>>
class DataflowSolver {
public:
  using State = typename AnalysisT::State;

  /// How many changes of a block's state the solver allows before it asks
  /// the analysis to widen.
  static constexpr unsigned WidenAfter = 3;

  DataflowSolver(const ControlFlowGraph &G, AnalysisT &A, DataflowDirection Dir)
      : G(G), A(A), Forward(Dir == DataflowDirection::Forward), In(G, A),
        Changes(G.size()), Order(G.size(), Unordered) {}

  /// Runs to a fixed point or until Budget steps are spent.  Returns
  /// whether the fixed point was reached; if not, the states are partial
  /// and must not be read as facts.
  bool run(uint64_t Budget) {
    Steps = 0;
    if (!In.allocate(Budget))
      return false;
    // Reverse post-order of the forward graph; backward problems visit it
    // from the end.
    std::vector<const CFGBlock *> Rpo;
    Rpo.reserve(G.reversePostOrder().size());
    for (uint32_t N : G.reversePostOrder())
      Rpo.push_back(&G.block(N));
    if (!Forward)
      std::reverse(Rpo.begin(), Rpo.end());
    for (uint32_t K = 0; K < Rpo.size(); ++K)
      Order[Rpo[K]->Number] = K;

    // The work list is a flag per position, the earliest taken first; no
    // flag is set before Low, so the search for it starts there.
    llvm::BitVector Queued(Rpo.size());
    size_t Low = Rpo.size();
    auto Push = [&](const CFGBlock &B) {
      uint32_t K = Order[B.Number];
      if (K != Unordered) {
        Queued.set(K);
        Low = std::min<size_t>(Low, K);
      }
    };
    for (const CFGBlock *B : Rpo)
      if (Forward ? B->Number == 0 : B->succs().empty()) {
        In.first(B->Number, A.boundary());
        Push(*B);
      }
    // One state reused for every visit: assigning into it keeps its
    // storage, where a fresh copy per visit would allocate for large sets.
    State S{};
    for (;;) {
      int Next = Low < Rpo.size()
                     ? Queued.find_first_in(static_cast<unsigned>(Low),
                                            static_cast<unsigned>(Rpo.size()))
                     : -1;
      if (Next < 0)
        break;
      uint32_t K = static_cast<uint32_t>(Next);
      Queued.reset(K);
      Low = K + 1;
      const CFGBlock &B = *Rpo[K];
      In.load(B.Number, S);
      Steps += A.transfer(B, S) + In.stepsPerVisit();
      if (Steps > Budget)
        return false;
      for (const CFGBlock *Next : Forward ? B.succs() : B.preds()) {
        uint32_t N = Next->Number;
        const State *Out = &S;
        if constexpr (HasEdgeKills<AnalysisT>::value) {
          if (Forward)
            if (const llvm::BitVector *Kill = A.edgeKills(B, *Next)) {
              EdgeState = S;
              EdgeState.reset(*Kill);
              Out = &EdgeState;
            }
        }
        if (!In.reached(N)) {
          In.first(N, *Out);
          Push(*Next);
        } else if (In.join(N, *Out, Changes[N] >= WidenAfter, A)) {
          if (Changes[Next->Number] < WidenAfter)
            ++Changes[Next->Number];
          Push(*Next);
        }
      }
    }
    return true;
  }

  /// The state on entry to B (forward) or on exit from it (backward);
  /// nullptr if no path reaches B.
  const State *input(const CFGBlock &B) const { return In.get(B.Number); }
  /// Every block's input state.
  const StoreT &states() const { return In; }
  /// The steps the last run took.
  uint64_t steps() const { return Steps; }

private:
  static constexpr uint32_t Unordered = ~0u;
  const ControlFlowGraph &G;
  AnalysisT &A;
  bool Forward;
  StoreT In;
  std::vector<uint8_t> Changes; ///< Saturates at WidenAfter.
  std::vector<uint32_t> Order;
  uint64_t Steps = 0;
  /// The state crossing an edge that kills facts.
  State EdgeState{};
};

} // namespace tcgen05

#endif

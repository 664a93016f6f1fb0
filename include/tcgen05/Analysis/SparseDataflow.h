//===- SparseDataflow.h - Bit facts solved at few instructions -*- C++ -*-===//
//
// A forward may-analysis of bit facts that visits only the instructions
// that change a fact (the events), then replays the solution at each of
// them.  In a real kernel most instructions compute values and change no
// fact, so a lint about a few hundred tcgen05 instructions and
// synchronizations costs those, not the body.
//
// The model provides:
//   llvm::BitVector boundary();   // the facts at the entry, all it has
//   /// An event's effect in two halves, so that the client sees the facts
//   /// between them (after the instruction read its registers, before it
//   /// waits, fences or issues).  Each returns the work it did beyond a
//   /// step (words of state), which the budget counts.
//   uint64_t pre(uint32_t Inst, llvm::BitVector &S);
//   uint64_t post(uint32_t Inst, llvm::BitVector &S);
//   /// Optional: the facts that do not cross the edge From -> To (a path
//   /// that is not one), or nullptr.
//   const llvm::BitVector *edgeKills(const CFGBlock &From, const CFGBlock &To);
//
// A fact holds before an event if some path from the entry makes it hold;
// blocks no path reaches are not replayed.  As clang's runDataflowAnalysis,
// runSparseDataflow solves and hands back the solution, or nothing when the
// budget ran out first.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_SPARSEDATAFLOW_H
#define TCGEN05_ANALYSIS_SPARSEDATAFLOW_H

#include "tcgen05/Analysis/Dataflow.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"

#include <cassert>
#include <memory>
#include <vector>

namespace tcgen05 {

template <typename Model> class SparseBitDataflow {
  /// The dense problem the block solver sees: a block's transfer runs the
  /// model over the block's events only.
  struct Problem {
    SparseBitDataflow &Flow;
    using State = llvm::BitVector;
    State boundary() { return Flow.M.boundary(); }
    // No join: UnionBitStates joins by union itself.
    uint64_t transfer(const CFGBlock &B, State &S) {
      llvm::ArrayRef<uint32_t> Events = Flow.eventsOf(B);
      // A block may hold more work than the whole budget: stop in it.
      uint64_t Work = Events.size();
      for (uint32_t I : Events) {
        Work += Flow.M.pre(I, S);
        Work += Flow.M.post(I, S);
        if (Work > Flow.Budget)
          break;
      }
      return Work;
    }
    const llvm::BitVector *edgeKills(const CFGBlock &From, const CFGBlock &To) {
      if constexpr (HasEdgeKills<Model>::value)
        return Flow.M.edgeKills(From, To);
      else
        return nullptr;
    }
  };

public:
  /// Events: the instructions whose effect matters, ascending.
  SparseBitDataflow(const ControlFlowGraph &G, Model &M,
                    std::vector<uint32_t> Events)
      : G(G), M(M), Events(std::move(Events)), P{*this},
        Solver(G, P, DataflowDirection::Forward) {
    assert(std::is_sorted(this->Events.begin(), this->Events.end()) &&
           "events must ascend");
    // Blocks hold ascending runs of instructions, in block order.
    First.reserve(G.size() + 1);
    size_t K = 0;
    for (const CFGBlock &B : G) {
      while (K < this->Events.size() && this->Events[K] < B.FirstInst)
        ++K;
      First.push_back(K);
    }
    First.push_back(this->Events.size());
  }
  SparseBitDataflow(const SparseBitDataflow &) = delete;
  SparseBitDataflow &operator=(const SparseBitDataflow &) = delete;

  /// Solves within Budget steps; whether the fixed point was reached.
  bool run(uint64_t Budget) {
    this->Budget = Budget;
    Complete = Solver.run(Budget);
    return Complete;
  }
  bool complete() const { return Complete; }
  /// The steps the last run took.
  uint64_t steps() const { return Solver.steps(); }
  llvm::ArrayRef<uint32_t> events() const { return Events; }

  /// Calls Visit(Inst, Facts) for every event in a block a path reaches,
  /// in block order, with the facts between its two halves.  Nothing when
  /// the solver did not complete.
  template <typename Fn> void replay(Fn &&Visit) {
    if (!Complete)
      return;
    llvm::BitVector S;
    for (const CFGBlock &B : G) {
      llvm::ArrayRef<uint32_t> BlockEvents = eventsOf(B);
      if (!Solver.states().reached(B.Number) || BlockEvents.empty())
        continue;
      Solver.states().load(B.Number, S);
      for (uint32_t I : BlockEvents) {
        M.pre(I, S);
        Visit(I, static_cast<const llvm::BitVector &>(S));
        M.post(I, S);
      }
    }
  }

private:
  llvm::ArrayRef<uint32_t> eventsOf(const CFGBlock &B) const {
    return llvm::ArrayRef<uint32_t>(Events).slice(
        First[B.Number], First[B.Number + 1] - First[B.Number]);
  }

  const ControlFlowGraph &G;
  Model &M;
  std::vector<uint32_t> Events;
  std::vector<size_t> First; ///< Block N's events: [First[N], First[N+1]).
  Problem P;
  DataflowSolver<Problem, UnionBitStates<Problem>> Solver;
  uint64_t Budget = 0;
  bool Complete = false;
};

/// Solves M over G at Events (ascending) within Budget steps.  Returns the
/// solution to replay, or null when the budget ran out; Steps, when given,
/// receives the steps taken either way.
template <typename Model>
std::unique_ptr<SparseBitDataflow<Model>>
runSparseDataflow(const ControlFlowGraph &G, Model &M,
                  std::vector<uint32_t> Events, uint64_t Budget,
                  uint64_t *Steps = nullptr) {
  auto Flow =
      std::make_unique<SparseBitDataflow<Model>>(G, M, std::move(Events));
  bool Complete = Flow->run(Budget);
  if (Steps)
    *Steps = Flow->steps();
  if (!Complete)
    return nullptr;
  return Flow;
}

} // namespace tcgen05

#endif

//===- KnownBitsInvariants.cpp - Registers whose facts need no flow -------===//
//
// Compiler output writes almost every register once (in the FMHA kernels,
// nearly all the registers that flow into a descriptor), and most of those
// from constants, parameters and other such registers only.  Where the one
// write comes before every read on every path, the register's fact is the
// same wherever it is read: it is found once, in dependency order, instead
// of being carried through every block's state, stepped at every pass and
// met at every join.  Registers written in a loop from a value the loop
// changes, or written on some paths only, keep flowing.
//
//===----------------------------------------------------------------------===//

#include "KnownBitsAnalysis.h"

#include "llvm/ADT/STLExtras.h"

using namespace tcgen05;

void KnownBitsAnalysis::findInvariants(const ControlFlowGraph &G,
                                       const DominatorTree &DT,
                                       llvm::ArrayRef<uint32_t> Sites) {
  // Candidates: one unguarded writer (a guarded write may leave the old
  // value, a read of the register itself).
  std::vector<uint32_t> Writer(NumRelevant, None);
  for (uint32_t R = 0; R < NumRelevant; ++R) {
    if (SlotReg[R] == None)
      continue;
    llvm::ArrayRef<uint32_t> W = Regs.writers(SlotReg[R]);
    if (W.size() == 1 && !F.Instructions[W[0]].guarded())
      Writer[R] = W[0];
  }
  // The write must come before every read that consults the facts: the
  // sources of relevant instructions, and the operands of the sites.  A
  // read in a block no path reaches keeps the register flowing, so that
  // such a block still knows only what it computes itself.
  std::vector<bool> Before(NumRelevant, true);
  auto Reads = [&](uint32_t I, llvm::ArrayRef<Operand> Ops) {
    const CFGBlock &B = G.blockOf(I);
    bool Reached = DT.isReachableFromEntry(&B);
    for (const Operand &O : Ops)
      forEachRelevantRead(O, [&](uint32_t R) {
        uint32_t W = Writer[R];
        if (W == None || !Before[R])
          return;
        const CFGBlock &WB = G.blockOf(W);
        Before[R] = Reached && (&WB == &B ? W < I : DT.dominates(&WB, &B));
      });
  };
  for (uint32_t I : Defs)
    Reads(I, F.operands(F.Instructions[I].Operands).drop_front());
  for (uint32_t I : Sites)
    Reads(I, F.operands(F.Instructions[I].Operands));

  // Invariant: a candidate read in order, whose writer's sources are all
  // invariant or written nowhere in the function.  Found depth first,
  // without recursion (a debug build's chains are thousands long); the
  // order they are settled in is the order their facts can be computed in.
  enum : uint8_t { Unvisited, Visiting, No, Yes };
  std::vector<uint8_t> Mark(NumRelevant, Unvisited);
  std::vector<uint32_t> Order;
  std::vector<std::pair<uint32_t, bool>> Stack; // register, sources pushed
  auto Sources = [&](uint32_t R, auto &&Each) {
    for (const Operand &O :
         F.operands(F.Instructions[Writer[R]].Operands).drop_front())
      forEachRelevantRead(O, [&](uint32_t S) {
        if (SlotReg[S] != None)
          Each(S);
      });
  };
  for (uint32_t Root = 0; Root < NumRelevant; ++Root) {
    if (Mark[Root] != Unvisited)
      continue;
    Stack.push_back({Root, false});
    while (!Stack.empty()) {
      auto [R, Expanded] = Stack.back();
      if (!Expanded) {
        if (Mark[R] != Unvisited) {
          Stack.pop_back();
          continue;
        }
        if (Writer[R] == None || !Before[R]) {
          Mark[R] = No;
          Stack.pop_back();
          continue;
        }
        Mark[R] = Visiting;
        Stack.back().second = true;
        Sources(R, [&](uint32_t S) {
          if (Mark[S] == Unvisited)
            Stack.push_back({S, false});
        });
        continue;
      }
      Stack.pop_back();
      // A source still being visited closes a cycle: a loop.
      bool All = true;
      Sources(R, [&](uint32_t S) { All &= Mark[S] == Yes; });
      Mark[R] = All ? Yes : No;
      if (All)
        Order.push_back(R);
    }
  }
  if (Order.empty())
    return;

  Invariant.assign(NumRelevant, false);
  for (uint32_t R : Order)
    Invariant[R] = true;
  InvariantFact.assign(NumRelevant, RegisterFact());
  // Each writer once, after the writers of its sources.
  FindingInvariants = true;
  std::vector<bool> Done(F.Instructions.size());
  for (uint32_t R : Order)
    if (!Done[Writer[R]]) {
      Done[Writer[R]] = true;
      step(Writer[R]);
    }
  FindingInvariants = false;

  // An instruction that writes only invariant registers need not be
  // stepped again.
  SteppedDefs.reserve(Defs.size());
  for (uint32_t I : Defs) {
    bool Flows = false;
    forEachWrittenOperand(F, F.operands(F.Instructions[I].Operands).front(),
                          [&](const Operand &W) {
                            uint32_t R = slot(Names.of(W));
                            Flows |= R != None && !Invariant[R];
                          });
    if (Flows)
      SteppedDefs.push_back(I);
  }
  Stepped = &SteppedDefs;
}

void KnownBitsAnalysis::dropInvariants() {
  Invariant.clear();
  InvariantFact.clear();
  SteppedDefs.clear();
  Stepped = &Defs;
}

//===- HazardOrder.cpp - Waits, fences and commits of tcgen05 operations --===//
//
// The ordering lints: whether a thread waits for, fences and commits its
// asynchronous tcgen05 operations before it synchronizes with other threads
// or reuses Tensor Memory (PTX ISA 9.7.16.6).  Each is a forward
// may-analysis of bit facts over the control-flow graph of one function,
// followed by one pass that looks at the facts holding before each
// instruction: a fact holds if some path from the entry makes it hold, so
// a finding names a path, not a certainty about every run.  A wait, fence
// or commit under a predicate counts as done: the lints would rather miss a
// bug than report the guarded waits kernels write.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"
#include "MbarrierModel.h"

#include "tcgen05/Basic/Demangle.h"

#include "tcgen05/Analysis/SparseDataflow.h"
#include "tcgen05/Analysis/Registers.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <iterator>
#include <utility>

using namespace tcgen05;

namespace {

/// At most this many notes point at the operations a finding is about.
constexpr unsigned MaxNotes = 3;

/// Solves a Model over C's function with the sparse solver: Model gives
/// boundary(), the facts at the entry, pre(I, S) / post(I, S), an
/// instruction's effect in two halves (SparseDataflow.h), factInsts(), the
/// instruction behind each fact, and events(), the instructions other than
/// tcgen05 ones and synchronizations whose effect matters, ascending.
/// Beyond the model: a call of a function that may wait, fence or commit
/// ends every fact, and an edge the branch conditions rule out for a fact's
/// path (InfeasibleEdges) does not carry it.
template <typename Model> class FactFlow {
  struct WithCalls {
    FactFlow &Flow;
    llvm::BitVector boundary() { return Flow.M.boundary(); }
    uint64_t pre(uint32_t I, llvm::BitVector &S) { return Flow.M.pre(I, S); }
    uint64_t post(uint32_t I, llvm::BitVector &S) {
      if (!Flow.IsCall.test(I))
        return Flow.M.post(I, S);
      S.reset();
      return S.size() / 64;
    }
    const llvm::BitVector *edgeKills(const CFGBlock &From, const CFGBlock &To) {
      return Flow.Paths.kills(From, To);
    }
  };

public:
  FactFlow(const HazardFunction &C, Model &M)
      : M(M), IsCall(callsOf(C)), Paths(C, M.factInsts()), A{*this},
        Flow(C.G, A, eventsOf(C, M.events(), IsCall)) {
    // Gen/kill problems settle in a few passes; the budget
    // (C.StepsPerInstruction, --hazard-steps) is far above that.
    uint64_t Budget =
        uint64_t(C.StepsPerInstruction) * (Flow.events().size() + C.G.size());
    if (!Flow.run(Budget))
      C.giveUp(Flow.steps());
  }

  /// Calls Visit(I, Facts) for every instruction a path reaches that is an
  /// event, with the facts between its two halves.  Nothing when the
  /// solver gave up.
  template <typename Fn> void replay(Fn &&Visit) {
    Flow.replay(std::forward<Fn>(Visit));
  }

private:
  /// Calls of functions that may wait, fence or commit (a callee of the
  /// module, nvcc -G's out-of-line umma_arrive): not modelled, each ends
  /// every fact, so that nothing is reported that a callee may have done.
  static llvm::BitVector callsOf(const HazardFunction &C) {
    llvm::BitVector Calls(C.F.Instructions.size());
    for (const CallSite &S : C.G.calls())
      if (!C.isRuntimeCall(S))
        Calls.set(S.Inst);
    return Calls;
  }

  /// The synchronizations and tcgen05 instructions, the model's own events
  /// and the calls, ascending.
  static std::vector<uint32_t> eventsOf(const HazardFunction &C,
                                        llvm::ArrayRef<uint32_t> Own,
                                        const llvm::BitVector &Calls) {
    llvm::ArrayRef<uint32_t> Common = C.syncsAndTcgen05();
    std::vector<uint32_t> Both, Events;
    Both.reserve(Common.size() + Own.size());
    std::set_union(Common.begin(), Common.end(), Own.begin(), Own.end(),
                   std::back_inserter(Both));
    std::vector<uint32_t> CallList(Calls.set_bits_begin(),
                                   Calls.set_bits_end());
    Events.reserve(Both.size() + CallList.size());
    std::set_union(Both.begin(), Both.end(), CallList.begin(), CallList.end(),
                   std::back_inserter(Events));
    return Events;
  }

  Model &M;
  llvm::BitVector IsCall;
  InfeasibleEdges Paths;
  WithCalls A;
  SparseBitDataflow<WithCalls> Flow;
};

bool isAsyncOp(Tcgen05Opcode Op) { return hasProperty(Op, T5Async); }

bool isCommitted(Tcgen05Opcode Op) { return hasProperty(Op, T5Committed); }

/// Facts that each stand for one instruction: Inst[K] is fact K's.
struct InstFacts {
  std::vector<uint32_t> Inst;
  unsigned add(uint32_t I) {
    Inst.push_back(I);
    return Inst.size() - 1;
  }
  unsigned size() const { return Inst.size(); }
};

/// The first MaxNotes distinct instructions, in program order, behind the
/// facts of S in [Begin, End) (models number facts in other orders).
llvm::SmallVector<uint32_t, MaxNotes + 1> firstInsts(const llvm::BitVector &S,
                                                     const InstFacts &Facts,
                                                     unsigned Begin,
                                                     unsigned End) {
  llvm::SmallVector<uint32_t, MaxNotes + 1> Out;
  for (int K = S.find_next(static_cast<int>(Begin) - 1);
       K != -1 && static_cast<unsigned>(K) < End; K = S.find_next(K)) {
    uint32_t I = Facts.Inst[K];
    auto *At = std::lower_bound(Out.begin(), Out.end(), I);
    if (At != Out.end() && *At == I)
      continue;
    Out.insert(At, I);
    if (Out.size() > MaxNotes)
      Out.pop_back();
  }
  return Out;
}

/// Adds a note at each of those instructions, each naming its own.
void noteFacts(const HazardContext &C, Diagnostic &D, const llvm::BitVector &S,
               const InstFacts &Facts, unsigned Begin, unsigned End,
               DiagID Note) {
  for (uint32_t I : firstInsts(S, Facts, Begin, End))
    C.note(D, Note, I, {C.displayName(I)});
}

bool anyIn(const llvm::BitVector &S, unsigned Begin, unsigned End) {
  int K = S.find_next(static_cast<int>(Begin) - 1);
  return K != -1 && static_cast<unsigned>(K) < End;
}

//===----------------------------------------------------------------------===//
// tcgen05.ld and tcgen05.st not yet completed by this thread.
//===----------------------------------------------------------------------===//

/// Facts: one per destination register of each tcgen05.ld ("this result
/// has not arrived": no tcgen05.wait::ld since, and the register not read
/// since; a read waits for the value, 9.7.16.6.4.5), then one per
/// tcgen05.st (no tcgen05.wait::st since).  The loads' facts are numbered
/// register by register, so that a read ends a range of them at once: a
/// list of the facts each instruction's reads end grew as loads times
/// reads of the same register.  order() gives them back in the order of
/// their instructions, which is the order findings and notes name them in.
class PendingTmemAccess {
public:
  explicit PendingTmemAccess(const HazardFunction &C) : C(C) {
    const RegisterNumbering &Regs = C.U.registers();
    // (register, load) for each register a load writes, in load order.
    std::vector<std::pair<uint32_t, uint32_t>> Results;
    auto AddResults = [&](const Tcgen05Inst &T, Tcgen05OperandRole Role) {
      if (const Operand *O = C.operand(T, Role))
        forEachWrittenOperand(C.F, *O, [&](const Operand &R) {
          // A result outside the first operand (ld.red's redval) has no
          // number: its load is judged by the other results.
          if (uint32_t Id = Regs.of(R); Id != RegisterNumbering::None)
            Results.push_back({Id, T.Instruction});
        });
    };
    for (const Tcgen05Inst &T : C.F.Tcgen05)
      if (T.Opcode == Tcgen05Opcode::Ld) {
        AddResults(T, Tcgen05OperandRole::Values);
        AddResults(T, Tcgen05OperandRole::RedVal);
      }
    // Facts by register, each register's in load order; Rank keeps the
    // order of the results as written.
    std::vector<uint32_t> ByRegister(Results.size());
    for (uint32_t K = 0; K < Results.size(); ++K)
      ByRegister[K] = K;
    std::stable_sort(ByRegister.begin(), ByRegister.end(),
                     [&](uint32_t A, uint32_t B) {
                       return Results[A].first < Results[B].first;
                     });
    Rank.resize(Results.size());
    RegisterFacts.assign(Regs.size() + 1, 0);
    for (uint32_t K : ByRegister) {
      Rank[Facts.size()] = K;
      FactRegister.push_back(Results[K].first);
      Facts.add(Results[K].second);
      ++RegisterFacts[Results[K].first + 1];
    }
    for (size_t R = 0; R + 1 < RegisterFacts.size(); ++R)
      RegisterFacts[R + 1] += RegisterFacts[R];
    LdEnd = Facts.size();
    // The facts each load sets.
    std::vector<std::pair<uint32_t, uint32_t>> LoadFacts;
    for (unsigned K = 0; K < LdEnd; ++K)
      LoadFacts.push_back({Facts.Inst[K], K});
    LdGen = Buckets(C.F.Instructions.size(), LoadFacts);
    for (const Tcgen05Inst &T : C.F.Tcgen05)
      if (T.Opcode == Tcgen05Opcode::St)
        Facts.add(T.Instruction);
    if (Results.empty())
      return;
    // The registers each instruction reads that a load writes, each once:
    // a vector may name one register thousands of times.
    std::vector<uint32_t> SeenBy(Regs.size(), ~0u);
    ReadKills.assign(C.F.Instructions.size() + 1, 0);
    auto Kill = [&](uint32_t I, uint32_t Id) {
      if (Id != RegisterNumbering::None &&
          RegisterFacts[Id] != RegisterFacts[Id + 1] && SeenBy[Id] != I) {
        SeenBy[Id] = I;
        KillRegisters.push_back(Id);
      }
    };
    llvm::BitVector Naming = namingAResult(Results);
    for (uint32_t I = 0; I < C.F.Instructions.size(); ++I) {
      ReadKills[I] = KillRegisters.size();
      if (!Naming.test(I))
        continue;
      Kill(I, Regs.guardOf(I));
      forEachInstructionReadOperand(
          C.F, C.F.Instructions[I], Regs.writtenMask(I),
          [&](const Operand &O) { Kill(I, Regs.of(O)); });
      if (KillRegisters.size() != ReadKills[I])
        Readers.push_back(I);
    }
    ReadKills.back() = KillRegisters.size();
  }

  /// The instructions whose reads end a load's facts.
  llvm::ArrayRef<uint32_t> events() const { return Readers; }
  llvm::ArrayRef<uint32_t> factInsts() const { return Facts.Inst; }

  bool empty() const { return Facts.size() == 0; }
  llvm::BitVector boundary() const { return llvm::BitVector(Facts.size()); }

  /// Returns the words of state it looked at, for the solver's budget.
  unsigned pre(uint32_t I, llvm::BitVector &S) {
    ReadNow.clear();
    if (ReadKills.empty())
      return 0;
    unsigned Words = 0;
    for (unsigned J = ReadKills[I]; J < ReadKills[I + 1]; ++J) {
      unsigned Begin = RegisterFacts[KillRegisters[J]];
      unsigned End = RegisterFacts[KillRegisters[J] + 1];
      // Most registers are written by a load or two: bit by bit, inline.
      if (End - Begin <= 4) {
        for (unsigned K = Begin; K < End; ++K)
          if (S.test(K)) {
            ReadNow.push_back(K);
            S.reset(K);
          }
        continue;
      }
      for (int K = S.find_next(static_cast<int>(Begin) - 1);
           K != -1 && static_cast<unsigned>(K) < End; K = S.find_next(K))
        ReadNow.push_back(static_cast<unsigned>(K));
      S.reset(Begin, End);
      Words += (End - Begin) / 64 + 1;
    }
    return Words;
  }

  unsigned post(uint32_t I, llvm::BitVector &S) const {
    const Tcgen05Inst *T = C.tcgen05At(I);
    if (!T)
      return 0;
    if (T->Opcode == Tcgen05Opcode::Wait) {
      if (C.hasQualifier(*T, ".wait::ld")) {
        S.reset(0, LdEnd);
        return LdEnd / 64;
      }
      S.reset(LdEnd, Facts.size());
      return (Facts.size() - LdEnd) / 64;
    }
    if (T->Opcode == Tcgen05Opcode::Ld) {
      for (uint32_t K : LdGen[I])
        S.set(K);
      return LdGen[I].size() / 64;
    }
    if (T->Opcode == Tcgen05Opcode::St) {
      // Stores' facts follow the loads', in instruction order.
      auto It =
          std::lower_bound(Facts.Inst.begin() + LdEnd, Facts.Inst.end(), I);
      S.set(It - Facts.Inst.begin());
    }
    return 0;
  }

  /// Sets in Out the facts of instruction I, a load or a store.
  void factsOf(uint32_t I, llvm::BitVector &Out) const {
    for (uint32_t K : LdGen[I])
      Out.set(K);
    auto It = std::lower_bound(Facts.Inst.begin() + LdEnd, Facts.Inst.end(), I);
    if (It != Facts.Inst.end() && *It == I)
      Out.set(It - Facts.Inst.begin());
  }

  /// The facts of S in [Begin, End) in the order of their instructions
  /// and, within a load, of its results.
  llvm::SmallVector<unsigned, 8> order(const llvm::BitVector &S, unsigned Begin,
                                       unsigned End) const {
    llvm::SmallVector<unsigned, 8> Out;
    for (int K = S.find_next(static_cast<int>(Begin) - 1);
         K != -1 && static_cast<unsigned>(K) < End; K = S.find_next(K))
      Out.push_back(static_cast<unsigned>(K));
    llvm::sort(Out, [&](unsigned A, unsigned B) { return rank(A) < rank(B); });
    return Out;
  }
  /// The first of Ks in that order.
  unsigned first(llvm::ArrayRef<unsigned> Ks) const {
    return *std::min_element(Ks.begin(), Ks.end(), [&](unsigned A, unsigned B) {
      return rank(A) < rank(B);
    });
  }

  InstFacts Facts;
  /// Facts [0, LdEnd) are results of loads, [LdEnd, size) stores.
  unsigned LdEnd = 0;
  /// The load facts the current instruction's reads just ended.
  llvm::SmallVector<unsigned, 4> ReadNow;

  /// Whether instruction I ends fact K: a wait of its kind, or a read of
  /// the load's result.
  bool kills(uint32_t I, unsigned K) const {
    if (const Tcgen05Inst *T = C.tcgen05At(I);
        T && T->Opcode == Tcgen05Opcode::Wait)
      return C.hasQualifier(*T, ".wait::ld") == (K < LdEnd);
    if (K >= LdEnd || ReadKills.empty())
      return false;
    for (unsigned J = ReadKills[I]; J < ReadKills[I + 1]; ++J)
      if (KillRegisters[J] == FactRegister[K])
        return true;
    return false;
  }

private:
  uint64_t rank(unsigned K) const { return K < LdEnd ? Rank[K] : K; }

  /// The instructions with an operand or guard naming one of the registers
  /// of Results (register, fact): the only ones whose reads can end a
  /// load's facts, and few.  An instruction's operands, nested ones
  /// included, are the pool's entries after the previous instruction's
  /// (the parser appends each statement's as it goes), so one pass over the
  /// pool's register numbers finds them, where walking every instruction's
  /// operand tree took most of this model's time.
  llvm::BitVector
  namingAResult(llvm::ArrayRef<std::pair<uint32_t, uint32_t>> Results) const {
    const RegisterNumbering &Regs = C.U.registers();
    // A byte per name: None (~0u) fails the bound, so one compare and one
    // load judge each of the pool's operands.
    std::vector<uint8_t> IsResultReg(Regs.size());
    for (const auto &R : Results)
      IsResultReg[R.first] = 1;
    const RegisterNames &Names = Regs.names();
    std::vector<uint8_t> IsResult(Names.size());
    for (uint32_t N = 0; N < Names.size(); ++N)
      if (uint32_t R = Regs.ofName(N); R != RegisterNumbering::None)
        IsResult[N] = IsResultReg[R];
    const auto &Insts = C.F.Instructions;
    llvm::BitVector Naming(Insts.size());
    llvm::ArrayRef<uint32_t> OperandName = Names.operandNames();
    uint32_t Owner = 0;
    for (uint32_t K = 0; K < OperandName.size(); ++K) {
      uint32_t N = OperandName[K];
      if (N >= IsResult.size() || !IsResult[N])
        continue;
      while (Owner < Insts.size() &&
             Insts[Owner].Operands.First + Insts[Owner].Operands.Count <= K)
        ++Owner;
      // Past the last instruction: an operand of a statement that is none.
      if (Owner == Insts.size())
        break;
      Naming.set(Owner);
    }
    for (uint32_t I = 0; I < Insts.size(); ++I)
      if (uint32_t G = Names.guardOf(I); G < IsResult.size() && IsResult[G])
        Naming.set(I);
    return Naming;
  }

  const HazardFunction &C;
  /// Load fact K's place among the results as loads write them.
  std::vector<uint32_t> Rank;
  std::vector<uint32_t> FactRegister;
  /// Register R's facts: [RegisterFacts[R], RegisterFacts[R + 1]).
  std::vector<uint32_t> RegisterFacts;
  Buckets LdGen;
  /// Instruction I's reads end the facts of registers
  /// KillRegisters[ReadKills[I] .. ReadKills[I + 1]).
  std::vector<unsigned> ReadKills;
  std::vector<uint32_t> KillRegisters;
  std::vector<uint32_t> Readers;
};

bool hasOpcode(const Function &F, Tcgen05Opcode Op) {
  return llvm::any_of(F.Tcgen05,
                      [&](const Tcgen05Inst &T) { return T.Opcode == Op; });
}

/// Facts: one per acquiring synchronization ("no
/// tcgen05.fence::after_thread_sync since").
class UnfencedAcquires {
public:
  llvm::ArrayRef<uint32_t> events() const { return {}; }
  llvm::ArrayRef<uint32_t> factInsts() const { return Facts.Inst; }
  explicit UnfencedAcquires(const HazardFunction &C) : C(C) {
    FactOf.assign(C.F.Instructions.size(), ~0u);
    for (uint32_t I = 0; I < C.F.Instructions.size(); ++I) {
      ThreadSync S = C.threadSync(I);
      if (S.Acquires) {
        FactOf[I] = Facts.add(I);
        Relaxed.push_back(S.Relaxed);
      }
    }
  }
  llvm::BitVector boundary() const { return llvm::BitVector(Facts.size()); }
  unsigned pre(uint32_t, llvm::BitVector &) { return 0; }
  unsigned post(uint32_t I, llvm::BitVector &S) const {
    const Tcgen05Inst *T = C.tcgen05At(I);
    if (T && T->Opcode == Tcgen05Opcode::Fence &&
        C.hasQualifier(*T, ".fence::after_thread_sync")) {
      S.reset();
      return S.size() / 64;
    }
    if (FactOf[I] != ~0u)
      S.set(FactOf[I]);
    return 0;
  }

  InstFacts Facts;
  std::vector<bool> Relaxed;

private:
  const HazardFunction &C;
  std::vector<unsigned> FactOf;
};

/// Facts: one per asynchronous tcgen05 operation ("no
/// tcgen05.fence::before_thread_sync since", and for the operations it
/// tracks, no tcgen05.commit, which fences implicitly: 9.7.16.6.4.2).
class UnfencedAsyncOps {
public:
  llvm::ArrayRef<uint32_t> events() const { return {}; }
  llvm::ArrayRef<uint32_t> factInsts() const { return Facts.Inst; }
  /// Facts [0, N): "no fence since"; [N, 2N): the same, and the
  /// operation not completed either (no tcgen05.wait::ld or ::st since a
  /// load or store: waiting completes it, 9.7.16.8.5).  Within each half
  /// the committed operations come first, then loads, then stores, so that
  /// a commit or a wait ends a range of facts, not a list.
  explicit UnfencedAsyncOps(const HazardFunction &C) : C(C) {
    FactOf.assign(C.F.Instructions.size(), ~0u);
    auto Add = [&](auto Which) {
      for (const Tcgen05Inst &T : C.F.Tcgen05)
        if (isAsyncOp(T.Opcode) && Which(T.Opcode))
          FactOf[T.Instruction] = Facts.add(T.Instruction);
      return Facts.size();
    };
    CommittedEnd = Add(isCommitted);
    LoadsEnd = Add([](Tcgen05Opcode Op) { return Op == Tcgen05Opcode::Ld; });
    N = Add([](Tcgen05Opcode Op) { return Op == Tcgen05Opcode::St; });
    for (unsigned K = 0; K < N; ++K)
      Facts.add(Facts.Inst[K]);
  }
  llvm::BitVector boundary() const { return llvm::BitVector(Facts.size()); }
  unsigned pre(uint32_t, llvm::BitVector &) { return 0; }
  unsigned post(uint32_t I, llvm::BitVector &S) const {
    const Tcgen05Inst *T = C.tcgen05At(I);
    if (!T)
      return 0;
    if (T->Opcode == Tcgen05Opcode::Fence &&
        C.hasQualifier(*T, ".fence::before_thread_sync")) {
      S.reset();
      return S.size() / 64;
    }
    if (T->Opcode == Tcgen05Opcode::Commit) {
      S.reset(0, CommittedEnd);
      S.reset(N, N + CommittedEnd);
      return CommittedEnd / 32;
    }
    if (T->Opcode == Tcgen05Opcode::Wait) {
      bool Ld = C.hasQualifier(*T, ".wait::ld");
      unsigned Begin = Ld ? CommittedEnd : LoadsEnd, End = Ld ? LoadsEnd : N;
      S.reset(N + Begin, N + End);
      return (End - Begin) / 64;
    }
    if (FactOf[I] != ~0u) {
      S.set(FactOf[I]);
      S.set(N + FactOf[I]);
    }
    return 0;
  }

  InstFacts Facts;
  /// Operations, counted once; the fact of one not completed is N after.
  unsigned N = 0;

private:
  const HazardFunction &C;
  std::vector<unsigned> FactOf;
  /// [0, CommittedEnd) committed operations, then loads to LoadsEnd, then
  /// stores to N.
  unsigned CommittedEnd = 0, LoadsEnd = 0;
};

/// A model and its solution, kept for every lint that reads it.
template <typename Model> struct Solved {
  explicit Solved(const HazardFunction &H) : M(H), Flow(H, M) {}
  Model M;
  FactFlow<Model> Flow;
};

} // namespace

struct tcgen05::OrderingCache {
  std::unique_ptr<Solved<PendingTmemAccess>> Tmem;
  std::unique_ptr<Solved<UnfencedAcquires>> Acquires;
  std::unique_ptr<Solved<UnfencedAsyncOps>> AsyncOps;
};

HazardCache::HazardCache() = default;
HazardCache::~HazardCache() = default;

namespace {

/// The solution of Model for C's function, solved by the first lint that
/// asks (Slot selects it in the cache).
template <typename Model>
Solved<Model> &solved(const HazardContext &C,
                      std::unique_ptr<Solved<Model>> OrderingCache::*Slot) {
  if (!C.Cache.Ordering)
    C.Cache.Ordering = std::make_unique<OrderingCache>();
  auto &Entry = (*C.Cache.Ordering).*Slot;
  if (!Entry)
    Entry = std::make_unique<Solved<Model>>(C.Fn);
  return *Entry;
}

/// Runs Visit over the pending tcgen05.ld/st facts of C's function.
template <typename Fn>
void withPendingTmem(const HazardContext &C, Fn &&Visit) {
  if (!hasOpcode(C.F, Tcgen05Opcode::Ld) && !hasOpcode(C.F, Tcgen05Opcode::St))
    return;
  Solved<PendingTmemAccess> &T = solved(C, &OrderingCache::Tmem);
  if (T.M.empty())
    return;
  T.Flow.replay(
      [&](uint32_t I, const llvm::BitVector &S) { Visit(T.M, I, S); });
}

} // namespace

namespace {

/// How sure a finding about fact K before instruction R is.
struct Certainty {
  /// Every path from the entry to R makes K hold there.
  bool Every = false;
  /// Otherwise, when some path to R does not pass the fact's instruction.
  bool NotIssuedOnEvery = false;
  /// Otherwise, a branch whose one side leads to what ends K and whose
  /// other side skips it, or ~0u.
  uint32_t Branch = ~0u;
};

/// Whether pending fact K of M holds before R on every path from the entry
/// (clang's -Wuninitialized against -Wsometimes-uninitialized): the fact's
/// instruction L dominates R, and no path from L to R that does not run L
/// again passes what ends K.  Paths the may-analysis drops as infeasible
/// are kept here, which only makes a finding less certain.  The walks are
/// charged to the function's budget: past it, a finding is only said to
/// hold on some path.
Certainty certainty(const HazardContext &C, const PendingTmemAccess &M,
                    unsigned K, uint32_t R) {
  Certainty Out;
  uint32_t L = M.Facts.Inst[K];
  const CFGBlock &LB = C.G.blockOf(L), &RB = C.G.blockOf(R);
  if (&LB == &RB ? L > R : !C.DT.dominates(&LB, &RB)) {
    Out.NotIssuedOnEvery = true;
    return Out;
  }
  bool InBudget = C.walkBudget(C.G.size() / 64 + 1);
  if (!InBudget)
    return Out;
  // The ends of K reachable from L, and the blocks entered before one.
  llvm::SmallVector<uint32_t, 8> Kills;
  llvm::BitVector Free(C.G.size());
  Free.set(LB.Number);
  C.walkAfter(L, [&](uint32_t I) {
    if (!InBudget || !(InBudget = C.walkBudget()))
      return false;
    Free.set(C.G.blockOf(I).Number);
    if (I == L)
      return false;
    if (M.kills(I, K)) {
      Kills.push_back(I);
      return false;
    }
    return true;
  });
  bool KillReachesR = false;
  for (uint32_t Kill : Kills) {
    C.walkAfter(Kill, [&](uint32_t I) {
      if (!InBudget || !(InBudget = C.walkBudget()))
        return false;
      KillReachesR |= I == R;
      return I != L && !KillReachesR;
    });
    if (KillReachesR)
      break;
  }
  if (!InBudget)
    return Out;
  if (!KillReachesR) {
    Out.Every = true;
    return Out;
  }
  // The branch that skips the ends: blocks from which one is reached.
  // The walk goes no further back than the fact's own block.
  llvm::BitVector ToKill(C.G.size());
  CFGBlockSet KillSet(ToKill);
  for (uint32_t Kill : Kills) {
    const CFGBlock *From = &C.G.blockOf(Kill);
    for (auto It = llvm::idf_ext_begin(From, KillSet),
              End = llvm::idf_ext_end(From, KillSet);
         It != End;)
      if (*It == &LB)
        It.skipChildren();
      else
        ++It;
  }
  for (unsigned N : Free.set_bits()) {
    const CFGBlock &B = C.G.block(N);
    if (B.succs().size() != 2 || B.empty())
      continue;
    bool A = ToKill.test(B.succs()[0]->Number),
         Z = ToKill.test(B.succs()[1]->Number);
    if (A != Z && (Out.Branch == ~0u || B.EndInst - 1 < Out.Branch))
      Out.Branch = B.EndInst - 1;
  }
  return Out;
}

/// Whether a path leads from fact K's instruction to R with nothing that
/// ends K and no wait for other threads on it.  Where every path waits for
/// other threads, what R sees was handed over by them after this thread's
/// release, and a hazard is that release's (TC6006, TC6018): CUTLASS's
/// attention kernels store softmax statistics, release, and load the
/// columns again after the MMA warp has written them.
bool unsynchronizedPath(const HazardContext &C, const PendingTmemAccess &M,
                        unsigned K, uint32_t R) {
  uint32_t L = M.Facts.Inst[K];
  bool Reached = false, InBudget = C.walkBudget(C.G.size() / 64 + 1);
  if (!InBudget)
    return false;
  C.walkAfter(L, [&](uint32_t I) {
    if (!(InBudget = C.walkBudget()))
      return false;
    if (I == R)
      Reached = true;
    return !Reached && I != L && !M.kills(I, K) && !C.threadSync(I).Acquires;
  });
  // Past the budget, nothing is reported that the walk did not show.
  return Reached && InBudget;
}

/// Adds the note that names the path a finding depends on.
void notePath(const HazardContext &C, Diagnostic &D, const Certainty &Why,
              uint32_t Pending) {
  std::string Name = C.displayName(Pending);
  if (Why.NotIssuedOnEvery)
    C.note(D, DiagID::note_hz_path_not_issued, Pending, {Name});
  else if (Why.Branch != ~0u)
    C.note(D, DiagID::note_hz_path_branch, Why.Branch, {Name});
  else
    D.note(DiagID::note_hz_path_some, {}, {Name});
}

/// Reports a release (an arrive, a barrier, a dealloc) that hands Tensor
/// Memory over while the facts [Begin, End) of M may hold: each pending
/// load or store once, at the first such release that exposes it.
void checkReleaseBeforeWait(const HazardContext &C, bool Loads) {
  // What a thread handed pending loads must not do to the columns yet:
  // change them; for pending stores, touch them at all.
  static constexpr Tcgen05Opcode AfterLoads[] = {
      Tcgen05Opcode::Mma, Tcgen05Opcode::St, Tcgen05Opcode::Cp,
      Tcgen05Opcode::Shift, Tcgen05Opcode::Dealloc};
  static constexpr Tcgen05Opcode AfterStores[] = {
      Tcgen05Opcode::Mma,   Tcgen05Opcode::St,      Tcgen05Opcode::Cp,
      Tcgen05Opcode::Shift, Tcgen05Opcode::Dealloc, Tcgen05Opcode::Ld};
  std::optional<HandOffs> Hands;
  // The facts of the operations reported, word by word: a release meets
  // every pending fact, and looking each up was quadratic in them.
  llvm::BitVector Reported;
  withPendingTmem(C, [&](const PendingTmemAccess &M, uint32_t I,
                         const llvm::BitVector &S) {
    if (!C.threadSync(I).Releases && !C.isOpcode(I, Tcgen05Opcode::Dealloc))
      return;
    unsigned Begin = Loads ? 0 : M.LdEnd,
             End = Loads ? M.LdEnd : M.Facts.size();
    if (!anyIn(S, Begin, End))
      return;
    // The pending operations not yet reported, as facts.
    Reported.resize(M.Facts.size());
    llvm::BitVector New = S;
    New.reset(Reported);
    New.reset(0, Begin);
    New.reset(End, M.Facts.size());
    if (New.none())
      return;
    if (!Hands)
      Hands.emplace(C.Fn, Loads ? llvm::ArrayRef<Tcgen05Opcode>(AfterLoads)
                                : llvm::ArrayRef<Tcgen05Opcode>(AfterStores));
    if (!Hands->handsOff(I))
      return;
    // An error for the operations pending on every path here, a warning
    // naming the path for the others.
    llvm::BitVector Every(M.Facts.size()), Some(M.Facts.size());
    std::optional<Certainty> Why;
    for (unsigned K : M.order(New, Begin, End)) {
      M.factsOf(M.Facts.Inst[K], Reported);
      Certainty Cert = certainty(C, M, K, I);
      (Cert.Every ? Every : Some).set(K);
      if (!Cert.Every && !Why)
        Why = Cert;
    }
    // A load with one result pending everywhere is pending everywhere.
    llvm::SmallDenseSet<uint32_t, 8> EveryInst;
    for (unsigned K : Every.set_bits())
      EveryInst.insert(M.Facts.Inst[K]);
    for (unsigned J : Some.set_bits())
      if (EveryInst.count(M.Facts.Inst[J]))
        Some.reset(J);
    if (Every.any()) {
      Diagnostic &D = C.report(I, {C.displayName(I)});
      noteFacts(C, D, Every, M.Facts, Begin, End, DiagID::note_hz_pending_here);
      C.cite(D);
    }
    if (Some.any()) {
      Diagnostic &D =
          C.reportAs(Loads ? DiagID::warn_hz_sync_before_wait_path : C.ID, I,
                     {C.displayName(I)});
      noteFacts(C, D, Some, M.Facts, Begin, End, DiagID::note_hz_pending_here);
      notePath(C, D, *Why, M.Facts.Inst[M.order(Some, Begin, End).front()]);
      C.cite(D);
    }
  });
}

/// The Tensor Memory address operand of T that Role names, as written.
llvm::StringRef tmemAddress(const HazardContext &C, const Tcgen05Inst &T,
                            Tcgen05OperandRole Role) {
  const Operand *O = C.operand(T, Role);
  return O ? O->text() : llvm::StringRef();
}

/// Reports a Tensor Memory access of the kind Touches selects that uses,
/// at Where, the address a pending load or store of [Begin, End) uses.
/// Addresses are the same when they are written the same: without their
/// values, accesses through other registers are taken to be elsewhere.
template <typename Fn>
void checkSameThreadTmem(const HazardContext &C, bool AfterStores, Fn &&Where) {
  withPendingTmem(C, [&](const PendingTmemAccess &M, uint32_t I,
                         const llvm::BitVector &S) {
    const Tcgen05Inst *T = C.tcgen05At(I);
    llvm::StringRef Addr = T ? Where(*T) : llvm::StringRef();
    if (Addr.empty())
      return;
    unsigned Begin = AfterStores ? M.LdEnd : 0;
    unsigned End = AfterStores ? M.Facts.size() : M.LdEnd;
    if (!C.walkBudgetLeft())
      return;
    for (unsigned K : M.order(S, Begin, End)) {
      uint32_t Prior = M.Facts.Inst[K];
      if (tmemAddress(C, *C.tcgen05At(Prior), Tcgen05OperandRole::TAddr) !=
              Addr ||
          !unsynchronizedPath(C, M, static_cast<unsigned>(K), I))
        continue;
      Certainty Cert = certainty(C, M, static_cast<unsigned>(K), I);
      DiagID Sometimes = AfterStores ? DiagID::warn_hz_tmem_read_after_st_path
                                     : DiagID::warn_hz_tmem_write_after_ld_path;
      Diagnostic &D = C.reportAs(Cert.Every ? C.ID : Sometimes, I,
                                 {C.displayName(I), Addr});
      C.note(D, DiagID::note_hz_pending_here, Prior,
             {AfterStores ? "tcgen05.st" : "tcgen05.ld"});
      if (!Cert.Every)
        notePath(C, D, Cert, Prior);
      C.cite(D);
      return;
    }
  });
}

} // namespace

void tcgen05::checkSyncBeforeWait(const HazardContext &C) {
  checkReleaseBeforeWait(C, true);
}
// The path-dependent rows are reported by the checkers of SyncBeforeWait,
// TmemReadAfterSt and TmemWriteAfterLd, which tell the two apart.
void tcgen05::checkSyncBeforeWaitPath(const HazardContext &) {}
void tcgen05::checkTmemReadAfterStPath(const HazardContext &) {}
void tcgen05::checkTmemWriteAfterLdPath(const HazardContext &) {}
void tcgen05::checkSyncBeforeWaitSt(const HazardContext &C) {
  checkReleaseBeforeWait(C, false);
}

void tcgen05::checkTmemReadAfterSt(const HazardContext &C) {
  checkSameThreadTmem(C, true, [&](const Tcgen05Inst &T) {
    if (T.Opcode == Tcgen05Opcode::Ld)
      return tmemAddress(C, T, Tcgen05OperandRole::TAddr);
    if (T.Opcode == Tcgen05Opcode::Mma)
      return tmemAddress(C, T, Tcgen05OperandRole::ATmem);
    return llvm::StringRef();
  });
}

void tcgen05::checkTmemWriteAfterLd(const HazardContext &C) {
  checkSameThreadTmem(C, false, [&](const Tcgen05Inst &T) {
    if (T.Opcode == Tcgen05Opcode::Mma)
      return tmemAddress(C, T, Tcgen05OperandRole::DTmem);
    if (T.Opcode == Tcgen05Opcode::St || T.Opcode == Tcgen05Opcode::Cp ||
        T.Opcode == Tcgen05Opcode::Shift)
      return tmemAddress(C, T, Tcgen05OperandRole::TAddr);
    return llvm::StringRef();
  });
}

void tcgen05::checkLdValueBeforeWait(const HazardContext &C) {
  withPendingTmem(
      C, [&](const PendingTmemAccess &M, uint32_t I, const llvm::BitVector &) {
        if (M.ReadNow.empty())
          return;
        Diagnostic &D = C.report(I, {});
        C.note(D, DiagID::note_hz_issued_here, M.Facts.Inst[M.first(M.ReadNow)],
               {"tcgen05.ld"});
        C.cite(D);
      });
}

namespace {

//===----------------------------------------------------------------------===//
// Fences around thread synchronization.
//===----------------------------------------------------------------------===//

bool hasAsyncOp(const Function &F) {
  return llvm::any_of(F.Tcgen05,
                      [](const Tcgen05Inst &T) { return isAsyncOp(T.Opcode); });
}

/// Reports an asynchronous operation that follows an acquire of the kind
/// WantRelaxed says with no fence::after_thread_sync between them.
void checkAcquireFence(const HazardContext &C, bool WantRelaxed) {
  if (!hasAsyncOp(C.F))
    return;
  Solved<UnfencedAcquires> &A = solved(C, &OrderingCache::Acquires);
  const UnfencedAcquires &M = A.M;
  if (!M.Facts.size())
    return;
  // The acquires of the kind asked for, as a mask: an operation after many
  // acquires of the other kind looked at each.
  llvm::BitVector Wanted(M.Facts.size()), Unfenced;
  for (unsigned K = 0; K < M.Facts.size(); ++K)
    if (M.Relaxed[K] == WantRelaxed)
      Wanted.set(K);
  A.Flow.replay([&](uint32_t I, const llvm::BitVector &S) {
    const Tcgen05Inst *T = C.tcgen05At(I);
    if (!T || !isAsyncOp(T->Opcode))
      return;
    Unfenced = S;
    Unfenced &= Wanted;
    if (int K = Unfenced.find_first(); K != -1) {
      Diagnostic &D =
          C.report(I, {C.displayName(I), C.displayName(M.Facts.Inst[K])});
      C.note(D, DiagID::note_hz_sync_here, M.Facts.Inst[K],
             {C.displayName(M.Facts.Inst[K])});
      C.cite(D);
    }
  });
}

/// Reports a release of the kind WantRelaxed says that follows an
/// asynchronous operation with no fence::before_thread_sync between them.
/// TC6011 (Relaxed): a relaxed release after an operation neither fenced
/// nor completed.  TC6013 (pedantic): any other release after an unfenced
/// operation, the letter of 9.7.16.6.3, whose examples fence even after
/// tcgen05.wait::ld.
void checkReleaseFence(const HazardContext &C, bool Relaxed) {
  if (!hasAsyncOp(C.F))
    return;
  Solved<UnfencedAsyncOps> &A = solved(C, &OrderingCache::AsyncOps);
  const UnfencedAsyncOps &M = A.M;
  A.Flow.replay([&](uint32_t I, const llvm::BitVector &S) {
    ThreadSync Sync = C.threadSync(I);
    if (!Sync.Releases || S.none())
      return;
    bool Uncompleted = anyIn(S, M.N, 2 * M.N);
    if (Relaxed != (Sync.Relaxed && Uncompleted))
      return;
    unsigned Begin = Relaxed ? M.N : 0, End = Relaxed ? 2 * M.N : M.N;
    uint32_t Op = firstInsts(S, M.Facts, Begin, End).front();
    Diagnostic &D = C.report(I, {C.displayName(I), C.displayName(Op)});
    noteFacts(C, D, S, M.Facts, Begin, End, DiagID::note_hz_issued_here);
    C.cite(D);
  });
}

} // namespace

void tcgen05::checkRelaxedAcquireUnfenced(const HazardContext &C) {
  checkAcquireFence(C, true);
}
void tcgen05::checkAcquireUnfenced(const HazardContext &C) {
  checkAcquireFence(C, false);
}
void tcgen05::checkRelaxedReleaseUnfenced(const HazardContext &C) {
  checkReleaseFence(C, true);
}
void tcgen05::checkReleaseUnfenced(const HazardContext &C) {
  checkReleaseFence(C, false);
}

namespace {

//===----------------------------------------------------------------------===//
// The peer CTA, and completion through tcgen05.commit.
//===----------------------------------------------------------------------===//

/// Facts: fact 0, the kernel's entry, and one per tcgen05 operation that
/// uses Tensor Memory: "no wait that can order this thread after the peer
/// CTA since".
class UnorderedAfterPeer {
public:
  llvm::ArrayRef<uint32_t> events() const { return {}; }
  llvm::ArrayRef<uint32_t> factInsts() const { return Facts.Inst; }
  explicit UnorderedAfterPeer(const HazardFunction &C) : C(C) {
    Facts.add(~0u);
    FactOf.assign(C.F.Instructions.size(), ~0u);
    for (const Tcgen05Inst &T : C.F.Tcgen05)
      if (isAsyncOp(T.Opcode) || T.Opcode == Tcgen05Opcode::Alloc ||
          T.Opcode == Tcgen05Opcode::Commit)
        FactOf[T.Instruction] = Facts.add(T.Instruction);
  }
  llvm::BitVector boundary() const {
    llvm::BitVector S(Facts.size());
    S.set(0);
    return S;
  }
  unsigned pre(uint32_t, llvm::BitVector &) { return 0; }
  unsigned post(uint32_t I, llvm::BitVector &S) const {
    if (FactOf[I] == ~0u && !C.threadSync(I).PeerWait)
      return 0;
    S.reset();
    if (FactOf[I] != ~0u)
      S.set(FactOf[I]);
    return S.size() / 64;
  }

  InstFacts Facts;

private:
  const HazardFunction &C;
  std::vector<unsigned> FactOf;
};

/// Facts: fact 0, "an mbarrier wait since the kernel's entry" (on some
/// path).
class MbarrierWaited {
public:
  llvm::ArrayRef<uint32_t> events() const { return {}; }
  llvm::ArrayRef<uint32_t> factInsts() const { return {}; }
  explicit MbarrierWaited(const HazardFunction &C) : C(C) {}
  llvm::BitVector boundary() const { return llvm::BitVector(1); }
  unsigned pre(uint32_t, llvm::BitVector &) { return 0; }
  unsigned post(uint32_t I, llvm::BitVector &S) const {
    ThreadSync Sync = C.threadSync(I);
    if (Sync.Family == SyncFamily::Mbarrier && Sync.Acquires)
      S.set();
    return 0;
  }

private:
  const HazardFunction &C;
};

} // namespace

namespace {

/// Whether instruction I synchronizes this CTA with others in a way the
/// peer CTA also waits on before it can exit: a cluster barrier, or an
/// acquiring access at cluster, GPU or system scope (the spin of a grid
/// barrier built from atomics, as DeepGEMM's mega-MoE kernels end).
bool syncsAcrossCtas(const HazardContext &C, uint32_t I) {
  const Instruction &Inst = C.F.Instructions[I];
  Opcode Op = Inst.op();
  llvm::ArrayRef<Span> Quals = C.F.qualifiers(Inst.Qualifiers);
  auto Has = [&](std::initializer_list<llvm::StringRef> Words) {
    return llvm::any_of(Quals, [&](const Span &Q) {
      return llvm::is_contained(Words, Q.text());
    });
  };
  if (C.threadSync(I).Family == SyncFamily::Cluster)
    return true;
  if (Op != Opcode::Ld && Op != Opcode::Atom && Op != Opcode::Red)
    return false;
  return Has({".acquire", ".acq_rel"}) && Has({".cluster", ".gpu", ".sys"});
}

/// Whether some path leads from I to the kernel's end with no
/// synchronization that keeps the peer CTA running until it.  A grid
/// barrier has one thread spin while the others wait for it at a CTA
/// barrier: where one follows I, a CTA barrier counts too.
bool exitsUnsynchronized(const HazardContext &C, uint32_t I) {
  bool GridBarrier = false;
  C.walkAfter(I, [&](uint32_t K) {
    GridBarrier |= syncsAcrossCtas(C, K);
    return !GridBarrier;
  });
  bool Exits = false;
  C.walkAfter(I, [&](uint32_t K) {
    ThreadSync Sync = C.threadSync(K);
    if (syncsAcrossCtas(C, K) ||
        (GridBarrier && Sync.Acquires && Sync.Family != SyncFamily::Mbarrier))
      return false;
    const CFGBlock &B = C.G.blockOf(K);
    Exits |= K + 1 == B.EndInst && B.succs().empty();
    return !Exits;
  });
  return Exits;
}

} // namespace

void tcgen05::checkPeerDeallocUnordered(const HazardContext &C) {
  if (!C.isWholeKernel())
    return;
  bool PeerDealloc = llvm::any_of(C.F.Tcgen05, [&](const Tcgen05Inst &T) {
    return T.Opcode == Tcgen05Opcode::Dealloc &&
           C.hasQualifier(T, ".cta_group::2");
  });
  if (!PeerDealloc)
    return;
  UnorderedAfterPeer M(C.Fn);
  FactFlow<UnorderedAfterPeer> Flow(C.Fn, M);
  Flow.replay([&](uint32_t I, const llvm::BitVector &S) {
    const Tcgen05Inst *T = C.tcgen05At(I);
    if (!T || T->Opcode != Tcgen05Opcode::Dealloc ||
        !C.hasQualifier(*T, ".cta_group::2") || S.none())
      return;
    // The peer must be active when the dealloc issues (9.7.16.7.1): a later
    // synchronization both CTAs reach before exiting keeps it so.
    if (!exitsUnsynchronized(C, I))
      return;
    // The latest use of Tensor Memory names the path; the entry only when
    // no use precedes the dealloc.
    int K = S.find_last();
    uint32_t Since = M.Facts.Inst[K];
    Diagnostic &D = C.report(
        I, {K == 0 ? std::string("the kernel's entry") : C.displayName(Since)});
    if (K != 0)
      C.note(D, DiagID::note_hz_issued_here, Since, {C.displayName(Since)});
    C.cite(D);
  });
}

namespace {

/// Facts: fact 0, "a synchronization with the peer CTA since the kernel's
/// entry" (on some path): a cluster barrier, an acquire at cluster scope
/// or wider, or an mbarrier wait, which the peer may have arrived on.
class PeerSynced {
public:
  llvm::ArrayRef<uint32_t> events() const { return Others; }
  llvm::ArrayRef<uint32_t> factInsts() const { return {}; }
  explicit PeerSynced(const HazardContext &C) : C(C) {
    // The acquiring loads and atomics syncsAcrossCtas accepts are events
    // of their own; synchronizations and tcgen05 instructions always are.
    for (uint32_t I = 0; I < C.F.Instructions.size(); ++I)
      if (C.threadSync(I).Family == SyncFamily::None && syncsAcrossCtas(C, I))
        Others.push_back(I);
  }
  llvm::BitVector boundary() const { return llvm::BitVector(1); }
  unsigned pre(uint32_t, llvm::BitVector &) { return 0; }
  unsigned post(uint32_t I, llvm::BitVector &S) const {
    if (C.threadSync(I).PeerWait || syncsAcrossCtas(C, I))
      S.set();
    return 0;
  }

private:
  const HazardContext &C;
  std::vector<uint32_t> Others;
};

} // namespace

void tcgen05::checkPeerAllocUnsynchronized(const HazardContext &C) {
  // A kernel without a pair's allocation is no reason for the remark.
  if (llvm::none_of(C.F.Tcgen05,
                    [&](const Tcgen05Inst &T) {
                      return T.Opcode == Tcgen05Opcode::Alloc &&
                             C.hasQualifier(T, ".cta_group::2");
                    }) ||
      !C.isWholeKernel())
    return;
  // "The issuing warp must make sure that peer CTA is launched and is
  // still active" (9.7.16.7.1).  Every path, not some: with a
  // synchronization on some path the kernel may know something the paths
  // do not show.
  PeerSynced M(C);
  FactFlow<PeerSynced> Flow(C.Fn, M);
  Flow.replay([&](uint32_t I, const llvm::BitVector &S) {
    const Tcgen05Inst *T = C.tcgen05At(I);
    if (!T || T->Opcode != Tcgen05Opcode::Alloc ||
        !C.hasQualifier(*T, ".cta_group::2") || S.any())
      return;
    Diagnostic &D = C.report(I, {});
    // Which warps allocate, when the roles tell them apart.
    if (C.roles().specialized())
      C.note(D, DiagID::note_hz_executed_by, I,
             {warpsOfEachCta(C.roles().atInstruction(I))});
    C.note(D, DiagID::note_hz_cluster_sync_first, I);
    C.cite(D);
  });
}

void tcgen05::checkMmaResultUnwaited(const HazardContext &C) {
  if (!C.isWholeKernel())
    return;
  auto Mma = llvm::find_if(C.F.Tcgen05, [](const Tcgen05Inst &T) {
    return T.Opcode == Tcgen05Opcode::Mma;
  });
  if (Mma == C.F.Tcgen05.end() || !hasOpcode(C.F, Tcgen05Opcode::Ld))
    return;
  // Every path without a wait, not some: a path that skips the main loop
  // (zero trips) issues no MMA either.
  MbarrierWaited M(C.Fn);
  FactFlow<MbarrierWaited> Flow(C.Fn, M);
  Flow.replay([&](uint32_t I, const llvm::BitVector &S) {
    if (!C.isOpcode(I, Tcgen05Opcode::Ld) || S.any())
      return;
    Diagnostic &D = C.report(I, {C.displayName(I)});
    C.note(D, DiagID::note_hz_issued_here, Mma->Instruction, {"tcgen05.mma"});
    C.cite(D);
  });
}

void tcgen05::checkNotCommitted(const HazardContext &C) {
  // Whether a commit follows is a question of reachability, not of every
  // path: kernels issue the MMA and the commit under two elect.sync guards,
  // which elect the same thread, and a path through one but not the other
  // is not taken.
  if (!C.isWholeKernel() ||
      llvm::none_of(C.F.Tcgen05,
                    [](const Tcgen05Inst &T) { return isCommitted(T.Opcode); }))
    return;
  // Blocks from whose start some path reaches a commit.
  llvm::BitVector ToCommit(C.G.size());
  CFGBlockSet CommitSet(ToCommit);
  for (const Tcgen05Inst &T : C.F.Tcgen05)
    if (T.Opcode == Tcgen05Opcode::Commit)
      for (const CFGBlock *X : llvm::inverse_depth_first_ext(
               &C.G.blockOf(T.Instruction), CommitSet))
        (void)X;
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (!isCommitted(T.Opcode))
      continue;
    const CFGBlock &B = C.G.blockOf(T.Instruction);
    bool Tracked = llvm::any_of(
        B.succs(), [&](const CFGBlock *S) { return ToCommit.test(S->Number); });
    for (uint32_t I = T.Instruction + 1; I < B.EndInst && !Tracked; ++I)
      Tracked = C.isOpcode(I, Tcgen05Opcode::Commit);
    if (!Tracked)
      C.cite(C.report(T.Instruction, {C.displayName(T.Instruction),
                                      readableFunctionName(C.F.Name.text())}));
  }
}

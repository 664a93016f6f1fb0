//===- HazardClusterExit.cpp - A CTA that exits under its peer's access --===//
//
// A thread may read or write another CTA's shared memory at an address from
// mapa; that CTA must not exit, its shared memory going away, before the
// access is done (CUDA Programming Guide, distributed shared memory).  The
// CTA that owns the memory learns it only through the cluster barrier: the
// accessing thread arrives after its access (a release, or a relaxed arrive
// after a fence), and every CTA waits before it exits.  The other CTAs are
// taken to run the same code, so a path from an access to an exit that does
// not arrive and then wait is one on which the other CTA may exit first
// too (triton issue 11730: CTA 0 returned while the others still read its
// shared memory).  A release arrive at another CTA's mbarrier is taken as
// the access's hand-off: that CTA waits there before it exits.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"
#include "MbarrierAddresses.h"
#include "MbarrierModel.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/bit.h"

#include <array>

using namespace tcgen05;

namespace {

constexpr Opcode PeerAccesses[] = {
#define PEER_ACCESS(Op) Opcode::Op,
#include "PeerAccess.def"
};
constexpr llvm::StringLiteral LocalSpaces[] = {
#define LOCAL_SPACE(Q) Q,
#include "PeerAccess.def"
};
struct ClusterFence {
  Opcode Op;
  llvm::StringLiteral Scope;
};
constexpr ClusterFence ClusterFences[] = {
#define CLUSTER_FENCE(Op, Scope) {Opcode::Op, Scope},
#include "PeerAccess.def"
};
constexpr llvm::StringLiteral NarrowFences[] = {
#define NARROW_FENCE(Prefix) Prefix,
#include "PeerAccess.def"
};

constexpr unsigned Pairs = 64;

/// Where a pair stands since its last access to another CTA's memory.
enum Step : unsigned {
  Accessed, ///< Nothing orders the access yet.
  Fenced,   ///< A fence of the cluster's scope: a relaxed arrive would do.
  Arrived,  ///< Arrived at the cluster barrier, not yet waited.
  Steps
};

/// Per pair (bit R * 32 + W of Reached), the steps some path may be at,
/// each with the first access that leads there.
struct Pending {
  uint64_t Reached = 0;
  std::array<uint8_t, Pairs> At{};
  std::array<std::array<uint32_t, Steps>, Pairs> From;

  Pending() {
    for (auto &F : From)
      F.fill(~0u);
  }
  bool join(const Pending &In, uint64_t Pass) {
    bool Changed = false;
    for (uint64_t M = In.Reached & Pass; M; M &= M - 1) {
      unsigned P = llvm::countr_zero(M);
      if (!(Reached >> P & 1)) {
        Reached |= uint64_t(1) << P;
        Changed = true;
      }
      if (In.At[P] & ~At[P]) {
        At[P] |= In.At[P];
        Changed = true;
      }
      for (unsigned S = 0; S < Steps; ++S)
        if (In.From[P][S] < From[P][S]) {
          From[P][S] = In.From[P][S];
          Changed = true;
        }
    }
    return Changed;
  }
  /// Moves pair P's paths at the steps of Mask to step To.
  void move(unsigned P, unsigned Mask, Step To) {
    for (unsigned S = 0; S < Steps; ++S)
      if ((Mask >> S & 1u) && (At[P] >> S & 1u)) {
        At[P] &= ~(1u << S);
        At[P] |= 1u << To;
        From[P][To] = std::min(From[P][To], From[P][S]);
        From[P][S] = ~0u;
      }
  }
};

/// What an instruction does to the pending accesses.
enum class Effect {
  None,
  Access,
  Fence,
  Arrive,
  RelaxedArrive,
  Wait,
  /// A release arrive at another CTA's mbarrier: hands every access over.
  Signal,
  Exit
};

class ClusterExitCheck {
public:
  ClusterExitCheck(const HazardContext &C)
      : C(C), Resolve(C), Effects(C.F.Instructions.size(), Effect::None) {}

  /// Classifies the instructions; false when no access reaches another CTA.
  bool classify();
  bool solve() {
    return solvePairFlow(
        C, In, [&](const CFGBlock &B, Pending &S) { run(B, B.EndInst, S); });
  }
  void report();

private:
  void run(const CFGBlock &B, uint32_t End, Pending &S) const {
    for (uint32_t I = B.FirstInst; I < End; ++I)
      if (Effects[I] != Effect::None)
        transfer(I, S);
  }
  void transfer(uint32_t I, Pending &S) const;
  bool isPeerAccess(uint32_t I, uint32_t &Mapa);
  bool hasQualifier(uint32_t I, llvm::StringRef Q) const {
    return llvm::any_of(C.F.qualifiers(C.F.Instructions[I].Qualifiers),
                        [&](const Span &S) { return S.text() == Q; });
  }
  bool isClusterFence(uint32_t I) const;
  bool isPeerSignal(uint32_t I);

  const HazardContext &C;
  AddressResolver Resolve;
  std::vector<Effect> Effects;
  /// The mapa each access's address comes from, and that address.
  llvm::DenseMap<uint32_t, uint32_t> MapaOf;
  llvm::DenseMap<uint32_t, const Operand *> AddressOf;
  std::vector<uint32_t> Exits;
  std::vector<Pending> In;
};

bool ClusterExitCheck::isPeerAccess(uint32_t I, uint32_t &Mapa) {
  const Instruction &Inst = C.F.Instructions[I];
  // st.async and red.async complete on the other CTA's mbarrier
  // (MbarrierOps.def), which that CTA waits on to use their data.
  if (!llvm::is_contained(PeerAccesses, Inst.op()) || mbarrierRow(C.F, Inst))
    return false;
  for (const Span &Q : C.F.qualifiers(Inst.Qualifiers))
    if (llvm::is_contained(LocalSpaces, Q.text()))
      return false;
  for (const Operand &O : C.F.operands(Inst.Operands))
    if (O.Kind == OperandKind::Address)
      if (std::optional<uint32_t> M = Resolve.mapaOf(O, I)) {
        Mapa = *M;
        AddressOf[I] = &O;
        return true;
      }
  return false;
}

bool ClusterExitCheck::isClusterFence(uint32_t I) const {
  const Instruction &Inst = C.F.Instructions[I];
  if (llvm::none_of(ClusterFences,
                    [&](const ClusterFence &F) { return F.Op == Inst.op(); }))
    return false;
  for (const Span &Q : C.F.qualifiers(Inst.Qualifiers))
    for (llvm::StringRef Narrow : NarrowFences)
      if (Q.text().starts_with(Narrow))
        return false;
  return llvm::any_of(ClusterFences, [&](const ClusterFence &F) {
    return F.Op == Inst.op() && hasQualifier(I, F.Scope);
  });
}

bool ClusterExitCheck::isPeerSignal(uint32_t I) {
  // A release (ThreadSync.def) at an mbarrier (MbarrierOps.def) whose
  // address is another CTA's.
  ThreadSync S = C.threadSync(I);
  if (S.Family != SyncFamily::Mbarrier || !S.Releases || S.Relaxed)
    return false;
  const Instruction &Inst = C.F.Instructions[I];
  const MbarrierOpRow *Row = mbarrierRow(C.F, Inst);
  const Operand *Address = Row ? mbarrierAddress(C.F, Inst, *Row) : nullptr;
  return Address && Resolve.mapaOf(*Address, I);
}

bool ClusterExitCheck::classify() {
  // The accesses first: most kernels have none, and then nothing else is
  // looked at.
  uint32_t Mapa;
  for (uint32_t I = 0; I < C.F.Instructions.size(); ++I)
    if (isPeerAccess(I, Mapa)) {
      Effects[I] = Effect::Access;
      MapaOf[I] = Mapa;
    }
  if (MapaOf.empty())
    return false;
  for (uint32_t I = 0; I < C.F.Instructions.size(); ++I) {
    Opcode Op = C.F.Instructions[I].op();
    ThreadSync S = C.threadSync(I);
    if (Effects[I] != Effect::None)
      continue;
    if (Op == Opcode::Ret || Op == Opcode::Exit) {
      Effects[I] = Effect::Exit;
      Exits.push_back(I);
    } else if (S.Family == SyncFamily::Cluster) {
      Effects[I] = S.Acquires  ? Effect::Wait
                   : S.Relaxed ? Effect::RelaxedArrive
                               : Effect::Arrive;
    } else if (isClusterFence(I)) {
      Effects[I] = Effect::Fence;
    } else if (isPeerSignal(I)) {
      Effects[I] = Effect::Signal;
    }
  }
  return true;
}

void ClusterExitCheck::transfer(uint32_t I, Pending &S) const {
  uint64_t May = pairMask(C.roles().atInstruction(I)) & S.Reached;
  constexpr unsigned Unordered = 1u << Accessed | 1u << Fenced;
  for (uint64_t M = May; M; M &= M - 1) {
    unsigned P = llvm::countr_zero(M);
    switch (Effects[I]) {
    case Effect::Access:
      S.At[P] |= 1u << Accessed;
      S.From[P][Accessed] = std::min(S.From[P][Accessed], I);
      break;
    case Effect::Fence:
      S.move(P, 1u << Accessed, Fenced);
      break;
    case Effect::Arrive:
      S.move(P, Unordered, Arrived);
      break;
    case Effect::RelaxedArrive:
      S.move(P, 1u << Fenced, Arrived);
      break;
    case Effect::Signal:
      S.At[P] = 0;
      S.From[P].fill(~0u);
      break;
    case Effect::Wait:
      S.At[P] &= ~(1u << Arrived);
      S.From[P][Arrived] = ~0u;
      break;
    default:
      break;
    }
  }
}

void ClusterExitCheck::report() {
  // One finding per access: the first exit it reaches unordered.
  struct Finding {
    uint32_t Exit;
    uint64_t Pairs = 0;
    bool Unannounced = false;
  };
  llvm::MapVector<uint32_t, Finding> Found;
  for (uint32_t X : Exits) {
    const CFGBlock &B = C.G.blockOf(X);
    Pending S = In[B.Number];
    run(B, X, S);
    uint64_t May = pairMask(C.roles().atInstruction(X)) & S.Reached;
    for (uint64_t M = May; M; M &= M - 1) {
      unsigned P = llvm::countr_zero(M);
      for (unsigned St = 0; St < Steps; ++St) {
        if (!(S.At[P] >> St & 1))
          continue;
        auto [It, New] = Found.try_emplace(S.From[P][St], Finding{X});
        if (It->second.Exit != X)
          continue;
        It->second.Pairs |= uint64_t(1) << P;
        It->second.Unannounced |= St != Arrived;
      }
    }
  }
  for (auto &[Access, F] : Found) {
    std::string Warps =
        warpsOfEachCta(WarpSet{{uint32_t(F.Pairs), uint32_t(F.Pairs >> 32)}});
    // The caret under the address that is another CTA's.
    Diagnostic &D = C.reportAt(C.ID, *AddressOf.lookup(Access),
                               {C.displayName(Access), Warps});
    C.note(D, DiagID::note_hz_mapa_here, MapaOf.lookup(Access));
    C.note(D,
           F.Unannounced ? DiagID::note_hz_exit_unannounced
                         : DiagID::note_hz_exit_unwaited,
           F.Exit, {Warps});
    D.note(DiagID::note_hz_cluster_sync_before_exit, {}, {});
    C.cite(D);
  }
}

} // namespace

void tcgen05::checkClusterExitUnordered(const HazardContext &C) {
  // Only an address from mapa is another CTA's.
  if (!C.F.IsEntry || llvm::none_of(C.F.Instructions, [](const Instruction &I) {
        return I.op() == Opcode::Mapa;
      }))
    return;
  ClusterExitCheck Check(C);
  // A call could synchronize the cluster for the kernel.
  if (!Check.classify() || !C.isWholeKernel())
    return;
  if (Check.solve())
    Check.report();
}

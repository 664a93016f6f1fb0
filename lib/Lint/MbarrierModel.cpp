//===- MbarrierModel.cpp - A kernel's mbarrier objects and their uses ----===//

#include "MbarrierModel.h"

#include "tcgen05/Basic/Demangle.h"

#include "llvm/ADT/bit.h"

#include <array>

using namespace tcgen05;

namespace {

constexpr MbarrierOpRow MbarrierOps[] = {
#define MBARRIER_OP(Op, Qualifier, With, Kind, Address, Count, Tx, Bytes)      \
  {Opcode::Op, Qualifier, With,           MbarrierKind::Kind,                  \
   Address,    Count,     MbarrierTx::Tx, Bytes},
#include "MbarrierOps.def"
};

/// The opcodes of the table's rows, by opcode: the other instructions
/// are passed over without reading their qualifiers.
constexpr std::array<bool, NumOpcodes> namesMbarrier() {
  std::array<bool, NumOpcodes> Out{};
  for (const MbarrierOpRow &R : MbarrierOps)
    Out[static_cast<size_t>(R.Op)] = true;
  return Out;
}
constexpr std::array<bool, NumOpcodes> NamesMbarrier = namesMbarrier();

/// Qualifier prefixes that make an instruction name its object in other
/// CTAs too.
constexpr llvm::StringLiteral RemotePrefixes[] = {
#define MBARRIER_OP(Op, Qualifier, With, Kind, Address, Count, Tx, Bytes)
#define MBARRIER_REMOTE(Prefix) Prefix,
#include "MbarrierOps.def"
};

} // namespace

const MbarrierOpRow *tcgen05::mbarrierRow(const Function &F,
                                          const Instruction &I) {
  if (!NamesMbarrier[static_cast<size_t>(I.op())])
    return nullptr;
  llvm::ArrayRef<Span> Quals = F.qualifiers(I.Qualifiers);
  auto Has = [&](llvm::StringRef Q) {
    return llvm::any_of(Quals, [&](Span S) { return S.text() == Q; });
  };
  for (const MbarrierOpRow &R : MbarrierOps)
    if (I.op() == R.Op && Has(R.Qualifier) && (R.With.empty() || Has(R.With)))
      return &R;
  return nullptr;
}

const Operand *tcgen05::mbarrierAddress(const Function &F, const Instruction &I,
                                        const MbarrierOpRow &R) {
  int Index = R.Address;
  llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
  if (Index >= 0)
    return size_t(Index) < Ops.size() && Ops[Index].Kind == OperandKind::Address
               ? &Ops[Index]
               : nullptr;
  for (size_t K = Ops.size(); K-- > 0;)
    if (Ops[K].Kind == OperandKind::Address)
      return &Ops[K];
  return nullptr;
}

std::string tcgen05::spelling(const Target &T) {
  std::string S = readableFunctionName(T.Symbol);
  if (T.Offset > 0)
    S += "+" + std::to_string(T.Offset);
  else if (T.Offset < 0)
    S += std::to_string(T.Offset);
  return S;
}

MbarrierModel &HazardFunction::mbarriers() const {
  if (!Cache.Mbarriers)
    Cache.Mbarriers = std::make_unique<MbarrierModel>(*this);
  return *Cache.Mbarriers;
}

MbarrierModel::MbarrierModel(const HazardFunction &C) : C(C), Resolve(C) {
  if (!C.F.IsEntry)
    return;
  for (uint32_t I = 0; I < C.F.Instructions.size(); ++I) {
    if (const MbarrierOpRow *R = mbarrierRow(C.F, C.F.Instructions[I]))
      Uses.push_back({I, R, nullptr, nullptr, nullptr, std::nullopt});
  }
  if (llvm::none_of(Uses, [](const MbarrierUse &U) {
        return U.Row->Kind == MbarrierKind::Init;
      }))
    return;
  if (!C.isWholeKernel()) {
    NotWhole = true;
    return;
  }
  for (MbarrierUse &U : Uses) {
    const Instruction &Inst = C.F.Instructions[U.Inst];
    llvm::ArrayRef<Operand> Ops = C.F.operands(Inst.Operands);
    if ((U.Address = mbarrierAddress(C.F, Inst, *U.Row)))
      U.Objects = Resolve.of(*U.Address, U.Inst);
    if (U.Row->Count >= 0 && size_t(U.Row->Count) < Ops.size())
      U.Count = &Ops[U.Row->Count];
    if (U.Row->Bytes >= 0 && size_t(U.Row->Bytes) < Ops.size())
      U.Bytes = &Ops[U.Row->Bytes];
    // An arrive or a change of count that may name any object leaves
    // every object's arrivals unknown.
    if (!U.Objects && U.Row->Kind != MbarrierKind::NoArrive &&
        U.Row->Kind != MbarrierKind::Wait) {
      Unfollowed = U.Inst;
      return;
    }
    llvm::ArrayRef<Span> Quals = C.F.qualifiers(Inst.Qualifiers);
    if (U.Objects && llvm::any_of(Quals, [](Span S) {
          return llvm::any_of(RemotePrefixes, [&](llvm::StringRef P) {
            return S.text().starts_with(P);
          });
        }))
      for (Target &T : *U.Objects)
        T.Remote = true;
  }
  // Every `extern .shared` array of a kernel starts at the start of its
  // dynamic shared memory, and the PTX of one function does not say which
  // of the module's variables are such arrays: with more than one of them,
  // their objects are told apart by their offsets alone, which can only add
  // arrivals.  A variable the body declares is static, and its own.
  for (const Declaration &D : C.F.Declarations)
    if (D.Space.text() == ".shared")
      for (const Declarator &V : C.F.declarators(D.Declarators))
        LocalShared.insert(V.Name.text());
  const char *First = nullptr;
  for (const MbarrierUse &U : Uses)
    if (U.Objects)
      for (const Target &T : *U.Objects)
        if (!isLocal(T)) {
          First = First ? First : T.Symbol.data();
          OneVariable &= T.Symbol.data() == First;
        }
  for (const MbarrierUse &U : Uses)
    if (U.Row->Kind == MbarrierKind::Init)
      for (const Target &T : *U.Objects)
        Objects.insert({key(T), {T, {}, {}, {}, false}});
  for (const MbarrierUse &U : Uses)
    if (U.Objects)
      for (const Target &T : *U.Objects)
        add(U, T);
  Waits.resize(C.F.Instructions.size());
  for (uint32_t K = 0; K < Uses.size(); ++K) {
    UseAt[Uses[K].Inst] = K;
    if (Uses[K].Row->Kind == MbarrierKind::Wait)
      Waits.set(Uses[K].Inst);
  }
  Pair = llvm::any_of(C.F.Tcgen05, [&](const Tcgen05Inst &T) {
    return C.hasQualifier(T, ".cta_group::2");
  });
}

void MbarrierModel::remarkUnjudged(const HazardContext &C, uint32_t At,
                                   llvm::StringRef Codes,
                                   llvm::StringRef What) {
  if (Remarked)
    return;
  Remarked = true;
  C.reportAs(DiagID::remark_hz_mbarriers_unjudged, At,
             {readableFunctionName(C.F.Name.text()), Codes, What});
}

MbarrierModel::Judgement MbarrierModel::judge(const MbarrierObject &O) {
  Judgement J;
  if (O.Inits.empty())
    return J;
  J.Count = Resolve.constant(*O.Inits.front()->Count, O.Inits.front()->Inst);
  if (llvm::any_of(O.Inits, [&](const MbarrierUse *U) {
        return Resolve.constant(*U->Count, U->Inst) != J.Count;
      }))
    J.Count.reset();
  for (const MbarrierUse *U : O.Others)
    if (!J.Wait && Waits.test(U->Inst))
      J.Wait = U;
  for (const MbarrierUse *U : O.Arrives) {
    std::optional<uint64_t> Each = perWarp(*U);
    if (!Each) {
      J.Bounded = false;
      continue;
    }
    WarpSet May = C.roles().atInstruction(U->Inst);
    for (unsigned R = 0; R < 2; ++R) {
      J.Most[R] += *Each * llvm::popcount(May.Warps[R]);
      J.Arriving.Warps[R] |= May.Warps[R];
    }
  }
  return J;
}

std::optional<uint64_t> MbarrierModel::perWarp(const MbarrierUse &U) {
  auto [It, New] = PerWarpOf.try_emplace(U.Inst);
  if (!New)
    return It->second;
  std::optional<uint64_t> &Out = It->second;
  uint64_t Count = 1;
  if (U.Count) {
    std::optional<int64_t> K = Resolve.constant(*U.Count, U.Inst);
    if (!K || *K < 0)
      return Out;
    Count = uint64_t(*K);
  }
  bool Again = false;
  C.walkAfter(U.Inst, [&](uint32_t I) {
    if (I == U.Inst)
      Again = true;
    return !Again && !Waits.test(I);
  });
  if (!Again)
    Out = (C.U.isSingleThreadInst(U.Inst) ? 1 : 32) * Count;
  return Out;
}

void MbarrierModel::add(const MbarrierUse &U, const Target &T) {
  auto *It = Objects.find(key(T));
  if (It == Objects.end())
    return;
  MbarrierObject &O = It->second;
  switch (U.Row->Kind) {
  case MbarrierKind::Init:
    O.Inits.push_back(&U);
    O.Unmodelled |= T.Remote;
    break;
  case MbarrierKind::Arrive:
    O.Arrives.push_back(&U);
    // Arrivals from CTAs beyond the pair the roles model.
    O.Unmodelled |= T.Remote;
    break;
  case MbarrierKind::Wait:
  case MbarrierKind::NoArrive:
    O.Others.push_back(&U);
    break;
  case MbarrierKind::Unknown:
    O.Unmodelled = true;
    break;
  }
}

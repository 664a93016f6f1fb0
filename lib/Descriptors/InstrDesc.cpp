//===- InstrDesc.cpp - tcgen05.mma instruction descriptors ----------------===//

#include "tcgen05/Descriptors/InstrDesc.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

const IdescField Fields[] = {
#define IDESC_FIELD(Layout, Name, Lo, Width, Description)                      \
  {IdescLayout::Layout, Name, Lo, Width, Description},
#include "InstrDescFields.def"
};

const IdescKind Kinds[] = {
#define IDESC_KIND(Kind, Layout, D, A, B, Negate, Transpose, Saturate)         \
  {Kind, IdescLayout::Layout, D, A, B, Negate, Transpose, Saturate},
#include "IdescKinds.def"
};

enum class Sparsity : uint8_t { Any, Dense, Sparse };

struct ShapeRule {
  bool Mx;
  bool Ws;
  unsigned CtaGroup;
  Sparsity Sp;
  llvm::StringRef Ms;
  unsigned NMin, NMax, NStep;
  llvm::StringRef Ns;
};

const ShapeRule Shapes[] = {
#define MMA_SHAPE(Layouts, Ws, CtaGroup, Sp, Ms, NMin, NMax, NStep, Ns)        \
  {llvm::StringRef(#Layouts) == "Mx", Ws, CtaGroup, Sparsity::Sp, Ms, NMin,  \
   NMax, NStep, Ns},
#include "MmaShapes.def"
};

struct TransposeRule {
  unsigned CtaGroup, NMin, NStep;
};

const TransposeRule Transposes[] = {
#define N_STEP_8BIT_TRANSPOSE_B(CtaGroup, NMin, NStep) {CtaGroup, NMin, NStep},
#include "MmaShapes.def"
};

const ShapeRule *findShape(IdescLayout L, const IdescUse &Use) {
  for (const ShapeRule &S : Shapes)
    if (S.Mx == (L != IdescLayout::Dense) && S.Ws == Use.Ws &&
        S.CtaGroup == Use.CtaGroup &&
        (S.Sp == Sparsity::Any || (S.Sp == Sparsity::Sparse) == Use.Sparse))
      return &S;
  return nullptr;
}

const TransposeRule *findTranspose8(unsigned CtaGroup) {
  for (const TransposeRule &T : Transposes)
    if (T.CtaGroup == CtaGroup)
      return &T;
  return nullptr;
}

bool inList(llvm::StringRef Bars, unsigned V) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Bars.split(Parts, '|', -1, false);
  for (llvm::StringRef P : Parts) {
    unsigned X;
    if (!P.getAsInteger(10, X) && X == V)
      return true;
  }
  return false;
}

/// The entries of a "a|b|c" table field, for a list argument.
DiagArg listOf(llvm::StringRef Bars) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Bars.split(Parts, '|', -1, false);
  return DiagArg::list(std::vector<std::string>(Parts.begin(), Parts.end()));
}

const IdescField *field(IdescLayout L, llvm::StringRef Name) {
  for (const IdescField &F : Fields)
    if (F.Layout == L && F.Name == Name)
      return &F;
  return nullptr;
}

/// The name of Value in a "value=NAME|..." list, or nothing.
std::optional<llvm::StringRef> valueName(llvm::StringRef List, uint32_t V) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  List.split(Parts, '|', -1, false);
  for (llvm::StringRef P : Parts) {
    auto [Num, Name] = P.split('=');
    unsigned N;
    if (!Num.getAsInteger(10, N) && N == V)
      return Name;
  }
  return std::nullopt;
}

unsigned dimM(const IdescField &F, uint32_t V) {
  return F.get(V) << (F.Layout == IdescLayout::Dense ? 4 : 7);
}

} // namespace

llvm::ArrayRef<IdescKind> tcgen05::idescKinds() { return Kinds; }

const IdescKind *tcgen05::lookupIdescKind(llvm::StringRef Kind) {
  Kind.consume_front(".kind::");
  for (const IdescKind &K : Kinds)
    if (K.Kind.drop_front(7) == Kind)
      return &K;
  return nullptr;
}

std::vector<IdescField> tcgen05::idescFields(IdescLayout L) {
  std::vector<IdescField> Out;
  for (const IdescField &F : Fields)
    if (F.Layout == L)
      Out.push_back(F);
  return Out;
}

uint32_t tcgen05::idescReservedMask(IdescLayout L) {
  uint32_t Used = 0;
  for (const IdescField &F : Fields)
    if (F.Layout == L)
      Used |= F.mask();
  return ~Used;
}

std::string tcgen05::describeIdesc(uint32_t V, uint32_t Known,
                                   const IdescKind &K) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const IdescField &F : Fields) {
    if (F.Layout != K.Layout || (Known & F.mask()) != F.mask())
      continue;
    if (!Out.empty())
      OS << " ";
    uint32_t X = F.get(V);
    if (F.Name == "m")
      OS << "M=" << dimM(F, V);
    else if (F.Name == "n")
      OS << "N=" << (X << 3);
    else if (F.Name == "dtype" && valueName(K.DTypes, X))
      OS << "dtype=" << *valueName(K.DTypes, X);
    else if (F.Name == "atype" && valueName(K.ATypes, X))
      OS << "atype=" << *valueName(K.ATypes, X);
    else if (F.Name == "btype" && valueName(K.BTypes, X))
      OS << "btype=" << *valueName(K.BTypes, X);
    else
      OS << F.Name << "=" << X;
  }
  return Out;
}

IdescFinding::IdescFinding(DiagID ID, std::vector<DiagArg> Args)
    : Warning(getDiagInfo(ID).DefaultSeverity == Severity::Warning), ID(ID),
      Args(std::move(Args)), Message(formatDiagMessage(ID, this->Args)) {}

std::string tcgen05::describeDescriptorValue(uint64_t V, uint64_t Known,
                                             unsigned Bits) {
  uint64_t All = Bits == 64 ? ~0ull : (1ull << Bits) - 1;
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format_hex(V & All, Bits / 4 + 2);
  if (uint64_t Unknown = ~Known & All)
    OS << " (bits " << llvm::format_hex(Unknown, Bits / 4 + 2) << " unknown)";
  return OS.str();
}

std::vector<IdescFinding> tcgen05::checkIdesc(uint32_t V, uint32_t Known,
                                              const IdescUse &Use) {
  std::vector<IdescFinding> Out;
  const IdescKind &K = *Use.Kind;
  std::string Value = describeDescriptorValue(V, Known, 32);
  auto Err = [&](DiagID ID, std::vector<DiagArg> Args = {}) {
    Args.insert(Args.begin(), Value);
    Out.emplace_back(ID, std::move(Args));
  };
  auto Known_ = [&](llvm::StringRef Name) -> const IdescField * {
    const IdescField *F = field(K.Layout, Name);
    return F && (Known & F->mask()) == F->mask() ? F : nullptr;
  };
  llvm::StringRef KindName = K.Kind;

  auto CheckType = [&](llvm::StringRef Name, llvm::StringRef Allowed) {
    if (Allowed.empty())
      return;
    if (const IdescField *F = Known_(Name))
      if (!valueName(Allowed, F->get(V)))
        Err(DiagID::err_idesc_type,
            {Name, F->get(V), KindName, listOf(Allowed)});
  };
  CheckType("dtype", K.DTypes);
  CheckType("atype", K.ATypes);
  CheckType("btype", K.BTypes);

  if (const IdescField *F = Known_("sparse"))
    if (F->get(V) != (Use.Sparse ? 1u : 0u))
      Err(Use.Sparse ? DiagID::err_idesc_sparse_clear
                     : DiagID::err_idesc_sparse_set);
  if (const IdescField *F = Known_("saturate"); F && F->get(V) && !K.Saturate)
    Err(DiagID::err_idesc_saturate);
  for (llvm::StringRef N : {"negate_a", "negate_b"})
    if (const IdescField *F = Known_(N); F && F->get(V) && !K.Negate)
      Err(DiagID::err_idesc_field_for_kind, {N, KindName});
  for (llvm::StringRef N : {"transpose_a", "transpose_b"})
    if (const IdescField *F = Known_(N); F && F->get(V) && !K.Transpose)
      Err(DiagID::err_idesc_field_for_kind, {N, KindName});
  if (const IdescField *F = Known_("max_shift"); F && F->get(V) && !Use.Ws)
    Err(DiagID::err_idesc_max_shift);
  if (const IdescField *F = Known_("k96"); F && F->get(V)) {
    bool Sm103 = Use.Target && Use.Target->SM == 103;
    if (Use.Target && !Sm103)
      Err(DiagID::err_idesc_k96_target, {Use.Target->Name});
  }
  for (llvm::StringRef N : {"a_scale_id", "b_scale_id"})
    if (const IdescField *F = Known_(N);
        F && K.Layout == IdescLayout::MxF4 && F->get(V) != 0 &&
        F->get(V) != 2)
      Err(DiagID::err_idesc_scale_id, {N, F->get(V), KindName});
  // Four scale factors per row (.scale_vec::4X, or .block16 at K=64/128)
  // fill the whole Tensor Memory word: the IDs must be 0 (9.7.16.10.7.2).
  bool K96 = false;
  if (const IdescField *F = Known_("k96"))
    K96 = F->get(V);
  if (Use.ScaleVec == ".scale_vec::4X" || (Use.ScaleVec == ".block16" && !K96))
    for (llvm::StringRef N : {"a_scale_id", "b_scale_id"})
      if (const IdescField *F = Known_(N); F && F->get(V) != 0)
        Err(DiagID::err_idesc_scale_id_zero, {N, F->get(V), Use.ScaleVec});
  if (const IdescField *F = Known_("scale_type");
      F && F->get(V) == 0 && K.Kind != ".kind::mxf4nvf4")
    Err(DiagID::err_idesc_scale_type, {KindName});

  // Shapes: Table 39 (and Table 50 for transposed 8-bit B).
  const ShapeRule *Shape = findShape(K.Layout, Use);
  if (const IdescField *MF = Known_("m"); MF && Shape) {
    unsigned M = dimM(*MF, V);
    if (!inList(Shape->Ms, M))
      Err(Use.Ws ? DiagID::err_idesc_m_ws : DiagID::err_idesc_m,
          {M, KindName, Use.CtaGroup, listOf(Shape->Ms)});
    if (Use.Ashift && M != 128 && M != 256)
      Err(DiagID::err_idesc_ashift_m, {M});
  }
  if (const IdescField *NF = Known_("n"); NF && Shape) {
    unsigned N = NF->get(V) << 3;
    std::string Where = Use.Ws ? std::string("tcgen05.mma.ws") +
                                     (Use.Sparse ? ".sp" : "")
                               : ".cta_group::" + std::to_string(Use.CtaGroup);
    if (!Shape->NStep) {
      if (!inList(Shape->Ns, N))
        Err(DiagID::err_idesc_n, {N, Where, listOf(Shape->Ns)});
    } else if (N < Shape->NMin || N > Shape->NMax || N % Shape->NStep) {
      Err(DiagID::err_idesc_n_step,
          {N, Where, Shape->NMin, Shape->NMax, Shape->NStep});
    } else {
      const IdescField *TB = Known_("transpose_b");
      const IdescField *BT = Known_("btype");
      bool EightBitB =
          K.Kind == ".kind::i8" ||
          (BT && (K.Kind == ".kind::f8f6f4" || K.Kind == ".kind::mxf8f6f4") &&
           BT->get(V) <= 1);
      const TransposeRule *T = findTranspose8(Use.CtaGroup);
      if (!Use.Ws && T && TB && TB->get(V) && EightBitB &&
          (N < T->NMin || N % T->NStep))
        Err(DiagID::err_idesc_n_transposed,
            {N, Use.CtaGroup, T->NMin, T->NStep});
    }
  }
  uint32_t Reserved = idescReservedMask(K.Layout) & Known & V;
  if (Reserved)
    Err(DiagID::warn_idesc_reserved, {DiagArg::bits(Reserved, 32)});
  return Out;
}

std::optional<uint32_t>
tcgen05::encodeIdesc(const IdescKind &K,
                     llvm::ArrayRef<std::pair<std::string, uint64_t>> In,
                     std::string &Error) {
  uint32_t V = 0;
  for (const auto &[Name, Value] : In) {
    const IdescField *F = field(K.Layout, Name);
    if (!F) {
      Error = "no field '" + Name + "' in the descriptor of " + K.Kind.str();
      return std::nullopt;
    }
    uint64_t X = Value;
    if (Name == "m" || Name == "n") {
      unsigned Shift = Name == "n" ? 3 : (K.Layout == IdescLayout::Dense ? 4 : 7);
      if (X & ((1u << Shift) - 1)) {
        Error = Name + "=" + std::to_string(Value) + " is not a multiple of " +
                std::to_string(1u << Shift);
        return std::nullopt;
      }
      X >>= Shift;
    }
    if (X >> F->Width) {
      Error = Name + "=" + std::to_string(Value) + " does not fit in " +
              std::to_string(F->Width) + " bits";
      return std::nullopt;
    }
    V = (V & ~F->mask()) | (static_cast<uint32_t>(X) << F->Lo);
  }
  return V;
}

//===- DescriptorRules.cpp - Running the descriptor rule table ------------===//
//
// One generic evaluator per condition kind; which field, which kind, which
// qualifiers and which diagnostic are rows of DescriptorRules.def.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Descriptors/DescriptorRules.h"

#include "llvm/ADT/SmallVector.h"

using namespace tcgen05;

namespace {

const DescRule Rules[] = {
#define DESC_RULE(Id, Desc, Kinds, When, Field, Cond, Arg, Args, Diag,         \
                  Section)                                                     \
  {DescRuleID::Id,                                                             \
   #Id,                                                                        \
   DescriptorKind::Desc,                                                       \
   Kinds,                                                                      \
   DescRuleWhen::When,                                                         \
   Field,                                                                      \
   DescRuleCond::Cond,                                                         \
   Arg,                                                                        \
   Args,                                                                       \
   DiagID::Diag,                                                               \
   Section},
#include "tcgen05/Descriptors/DescriptorRules.def"
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
  {llvm::StringRef(#Layouts) == "Mx",                                          \
   Ws,                                                                         \
   CtaGroup,                                                                   \
   Sparsity::Sp,                                                               \
   Ms,                                                                         \
   NMin,                                                                       \
   NMax,                                                                       \
   NStep,                                                                      \
   Ns},
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

llvm::SmallVector<llvm::StringRef, 8> split(llvm::StringRef Bars,
                                            char Sep = '|') {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Bars.split(Parts, Sep, -1, false);
  return Parts;
}

uint64_t number(llvm::StringRef S) {
  uint64_t X = 0;
  S.getAsInteger(0, X);
  return X;
}

bool inList(llvm::StringRef Bars, uint64_t V) {
  for (llvm::StringRef P : split(Bars))
    if (number(P.split('=').first) == V)
      return true;
  return false;
}

DiagArg listOf(llvm::StringRef Bars) {
  auto Parts = split(Bars);
  return DiagArg::list(std::vector<std::string>(Parts.begin(), Parts.end()));
}

bool kindIn(llvm::StringRef Kinds, const IdescKind *K) {
  if (Kinds.empty())
    return true;
  if (!K)
    return false;
  for (llvm::StringRef P : split(Kinds))
    if (K->Kind.drop_front(7) == P)
      return true;
  return false;
}

/// One descriptor value seen through the rule table.
class Evaluation {
public:
  Evaluation(const DescRule &R, uint64_t V, uint64_t Known, const IdescUse &Use)
      : R(R), V(V), Known(Known), Use(Use),
        L(R.Desc == DescriptorKind::Instr ? Use.Kind->Layout
                                          : IdescLayout::None) {
    M = R.Desc == DescriptorKind::Instr ? quantity("m").value_or(0) : Use.M;
  }

  /// Whether the value breaks the rule; fills what the arguments need.
  bool broken();
  std::vector<DiagArg> args() const;

private:
  std::optional<uint64_t> raw(llvm::StringRef Name) const {
    const DescField *F = findDescField(R.Desc, L, Name);
    if (!F || (Known & F->mask()) != F->mask())
      return std::nullopt;
    return F->get(V);
  }
  std::optional<uint64_t> quantity(llvm::StringRef Name) const {
    const DescField *F = findDescField(R.Desc, L, Name);
    if (!F || (Known & F->mask()) != F->mask())
      return std::nullopt;
    return F->quantity(V);
  }
  bool fourScales() const;
  bool nTransposedBroken(const ShapeRule &S);

public:
  // What ArgRows reads.
  const DescRule &R;
  uint64_t V, Known;
  const IdescUse &Use;
  IdescLayout L;
  uint64_t M;
  uint64_t Raw = 0, Q = 0, Bits = 0;
  uint64_t NMin = 0, NMax = 0, NStep = 0;
  uint64_t Start = 0, Pattern = 0, Expected = 0;
  DiagArg Allowed = DiagArg::list({});
};

bool Evaluation::fourScales() const {
  // Four scale factors per row fill the Tensor Memory word (.scale_vec::4X,
  // or .block16 except at K=96, where it means six).
  return Use.ScaleVec == ".scale_vec::4X" ||
         (Use.ScaleVec == ".block16" && !raw("k96").value_or(0));
}

bool Evaluation::nTransposedBroken(const ShapeRule &S) {
  const TransposeRule *T = findTranspose8(Use.CtaGroup);
  if (!T || !S.NStep || Q < S.NMin || Q > S.NMax || Q % S.NStep ||
      !raw("transpose_b").value_or(0))
    return false;
  bool EightBitB =
      Use.Kind->Kind == ".kind::i8" || raw("btype").value_or(2) <= 1;
  NMin = T->NMin;
  NStep = T->NStep;
  return EightBitB && (Q < T->NMin || Q % T->NStep);
}

bool Evaluation::broken() {
  if (R.Cond == DescRuleCond::Reserved) {
    Bits = descReservedMask(R.Desc, L) & Known & V;
    return Bits != 0;
  }
  std::optional<uint64_t> X = raw(R.Field);
  if (!X)
    return false;
  Raw = *X;
  Q = *quantity(R.Field);
  const IdescKind *K = Use.Kind;
  const ShapeRule *S = K ? findShape(K->Layout, Use) : nullptr;
  switch (R.Cond) {
  case DescRuleCond::In:
    Allowed = listOf(R.Arg);
    return !inList(R.Arg, Q);
  case DescRuleCond::NotIn:
    return inList(R.Arg, Q);
  case DescRuleCond::AtMost:
    return Q > number(R.Arg);
  case DescRuleCond::Types: {
    llvm::StringRef List = R.Arg == "d"   ? K->DTypes
                           : R.Arg == "a" ? K->ATypes
                                          : K->BTypes;
    Allowed = listOf(List);
    return !List.empty() && !inList(List, Raw);
  }
  case DescRuleCond::KindAllows: {
    bool Allows = R.Arg == "negate"      ? K->Negate
                  : R.Arg == "transpose" ? K->Transpose
                                         : K->Saturate;
    return Raw && !Allows;
  }
  case DescRuleCond::Target:
    return Raw && Use.Target && Use.Target->SM != number(R.Arg);
  case DescRuleCond::ZeroUnlessField: {
    auto [Name, Want] = R.Arg.split('=');
    std::optional<uint64_t> O = raw(Name);
    return Raw && O && *O != number(Want);
  }
  case DescRuleCond::ZeroUnlessMAtMost:
    return Raw && M && M > number(R.Arg);
  case DescRuleCond::ZeroWithFourScales:
    return Raw && fourScales();
  case DescRuleCond::UE4M3NeedsVec:
    return Raw == 0 && !Use.ScaleVec.empty() &&
           !llvm::is_contained(split(R.Arg), Use.ScaleVec);
  case DescRuleCond::ShapeM:
    if (!S)
      return false;
    Allowed = listOf(S->Ms);
    return !inList(S->Ms, Q);
  case DescRuleCond::ShapeNList:
    if (!S || S->NStep)
      return false;
    Allowed = listOf(S->Ns);
    return !inList(S->Ns, Q);
  case DescRuleCond::ShapeNRange:
    if (!S || !S->NStep)
      return false;
    NMin = S->NMin, NMax = S->NMax, NStep = S->NStep;
    return Q < NMin || Q > NMax || Q % NStep;
  case DescRuleCond::NTransposed8Bit:
    return S && nTransposedBroken(*S);
  case DescRuleCond::SwizzleBaseOffset: {
    // Table 41: the swizzle pattern repeats every 1024, 512 or 256 bytes; a
    // matrix starting inside a pattern names its position in base_offset.
    // The pattern may start elsewhere than the matrix: a warning.
    std::optional<uint64_t> Swizzle = raw("swizzle"),
                            Addr = quantity("start_address");
    if (!Swizzle || !Addr || (*Swizzle != 2 && *Swizzle != 4 && *Swizzle != 6))
      return false;
    Pattern = *Swizzle == 2 ? 1024 : *Swizzle == 4 ? 512 : 256;
    Start = *Addr;
    Expected = ((Start % Pattern) >> 7) & 7;
    return Raw != Expected;
  }
  case DescRuleCond::Reserved:
    break;
  }
  return false;
}

/// What each name of a rule's Args column puts in its diagnostic: one
/// table, which the evaluation reads and descRuleArgumentKnown answers from.
struct ArgRow {
  llvm::StringLiteral Name;
  DiagArg (*Get)(const Evaluation &E);
};
constexpr ArgRow ArgRows[] = {
    {"field", [](const Evaluation &E) -> DiagArg { return E.R.Field; }},
    {"value", [](const Evaluation &E) -> DiagArg { return E.Raw; }},
    {"quantity", [](const Evaluation &E) -> DiagArg { return E.Q; }},
    {"kind",
     [](const Evaluation &E) -> DiagArg {
       return E.Use.Kind ? E.Use.Kind->Kind : "";
     }},
    {"cta", [](const Evaluation &E) -> DiagArg { return E.Use.CtaGroup; }},
    {"allowed", [](const Evaluation &E) -> DiagArg { return E.Allowed; }},
    {"target",
     [](const Evaluation &E) -> DiagArg {
       return E.Use.Target ? E.Use.Target->Name : "";
     }},
    {"scalevec", [](const Evaluation &E) -> DiagArg { return E.Use.ScaleVec; }},
    {"bits",
     [](const Evaluation &E) {
       return DiagArg::bits(E.Bits, descBits(E.R.Desc));
     }},
    {"where",
     [](const Evaluation &E) -> DiagArg {
       return E.Use.Ws
                  ? std::string("tcgen05.mma.ws") + (E.Use.Sparse ? ".sp" : "")
                  : ".cta_group::" + std::to_string(E.Use.CtaGroup);
     }},
    {"nmin", [](const Evaluation &E) -> DiagArg { return E.NMin; }},
    {"nmax", [](const Evaluation &E) -> DiagArg { return E.NMax; }},
    {"nstep", [](const Evaluation &E) -> DiagArg { return E.NStep; }},
    {"limit", [](const Evaluation &E) -> DiagArg { return number(E.R.Arg); }},
    {"m", [](const Evaluation &E) -> DiagArg { return E.M; }},
    {"start", [](const Evaluation &E) -> DiagArg { return E.Start; }},
    {"pattern", [](const Evaluation &E) -> DiagArg { return E.Pattern; }},
    {"expected", [](const Evaluation &E) -> DiagArg { return E.Expected; }},
};

const ArgRow *findArgRow(llvm::StringRef Name) {
  for (const ArgRow &A : ArgRows)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

std::vector<DiagArg> Evaluation::args() const {
  std::vector<DiagArg> Out;
  // Every name is a row (DescriptorRulesTest holds it).
  for (llvm::StringRef A : split(R.Args, ','))
    if (const ArgRow *Row = findArgRow(A))
      Out.push_back(Row->Get(*this));
  return Out;
}

} // namespace

bool tcgen05::descRuleArgumentKnown(llvm::StringRef Name) {
  return findArgRow(Name) != nullptr;
}

llvm::ArrayRef<DescRule> tcgen05::descRules() { return Rules; }

const DescRule &tcgen05::descRule(DescRuleID ID) {
  return Rules[static_cast<unsigned>(ID)];
}

bool tcgen05::descRuleApplies(const DescRule &R, const IdescUse &Use) {
  if (R.Desc == DescriptorKind::Instr && !Use.Kind)
    return false;
  if (!kindIn(R.Kinds, Use.Kind))
    return false;
  if (!R.Field.empty() &&
      !findDescField(R.Desc,
                     R.Desc == DescriptorKind::Instr ? Use.Kind->Layout
                                                     : IdescLayout::None,
                     R.Field))
    return false;
  switch (R.When) {
  case DescRuleWhen::Always:
    return true;
  case DescRuleWhen::Ws:
    return Use.Ws;
  case DescRuleWhen::NotWs:
    return !Use.Ws;
  case DescRuleWhen::Sparse:
    return Use.Sparse;
  case DescRuleWhen::Dense:
    return !Use.Sparse;
  case DescRuleWhen::Ashift:
    return Use.Ashift;
  case DescRuleWhen::ATmem:
    return Use.ATmem;
  case DescRuleWhen::Transposed:
    return Use.Transposed.value_or(false);
  case DescRuleWhen::M32:
    return Use.M == 32;
  case DescRuleWhen::NotM32:
    return Use.M != 32;
  }
  return false;
}

std::vector<IdescFinding> tcgen05::checkDescriptor(DescriptorKind D, uint64_t V,
                                                   uint64_t Known,
                                                   const IdescUse &Use) {
  std::vector<IdescFinding> Out;
  // Most values break no rule: the value is described for the first that
  // does.
  std::optional<std::string> Value;
  for (const DescRule &R : Rules) {
    if (R.Desc != D || !descRuleApplies(R, Use))
      continue;
    Evaluation E(R, V, Known, Use);
    if (!E.broken())
      continue;
    if (!Value)
      Value = describeDescriptorValue(V, Known, descBits(D));
    std::vector<DiagArg> Args = E.args();
    Args.insert(Args.begin(), *Value);
    Out.emplace_back(R.Diag, std::move(Args), &R);
  }
  return Out;
}

std::optional<uint64_t> tcgen05::breakDescRule(const DescRule &R, uint64_t V,
                                               const IdescUse &Use) {
  if (!descRuleApplies(R, Use))
    return std::nullopt;
  uint64_t All =
      descBits(R.Desc) == 64 ? ~0ull : (1ull << descBits(R.Desc)) - 1;
  IdescLayout L =
      R.Desc == DescriptorKind::Instr ? Use.Kind->Layout : IdescLayout::None;
  std::vector<uint64_t> Candidates;
  if (R.Cond == DescRuleCond::Reserved) {
    uint64_t Free = descReservedMask(R.Desc, L);
    for (unsigned B = 0; B < 64; ++B)
      if (Free >> B & 1)
        Candidates.push_back(V | 1ull << B);
  } else {
    const DescField &F = *findDescField(R.Desc, L, R.Field);
    // Every value of a narrow field; for a wide one, the small values, the
    // powers of two and the largest.
    uint64_t Max = (1ull << F.Width) - 1;
    for (uint64_t X = 0; X <= std::min<uint64_t>(Max, 255); ++X)
      Candidates.push_back(F.set(V, X));
    for (unsigned B = 8; B < F.Width; ++B)
      Candidates.push_back(F.set(V, 1ull << B));
    Candidates.push_back(F.set(V, Max));
  }
  std::optional<uint64_t> Best;
  size_t BestOthers = ~size_t(0);
  for (uint64_t C : Candidates) {
    if (C == V)
      continue;
    std::vector<IdescFinding> Fs = checkDescriptor(R.Desc, C, All, Use);
    bool Hit =
        llvm::any_of(Fs, [&](const IdescFinding &F) { return F.Rule == &R; });
    if (Hit && Fs.size() - 1 < BestOthers) {
      Best = C;
      BestOthers = Fs.size() - 1;
    }
  }
  return Best;
}

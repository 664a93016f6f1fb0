//===- Rules.cpp - The tcgen05 rule tables --------------------------------===//

#include "Rules.h"

#include "llvm/ADT/STLExtras.h"

using namespace tcgen05;
using namespace tcgen05::rules;

namespace {

using QC = Tcgen05QualClass;
using Role = Tcgen05OperandRole;

// A target name no row of Targets.def has fails the build: the sets are
// constant-initialized, and knownTarget throws during constant evaluation.
constexpr const char *KnownTargets[] = {
#define TARGET(Name, SM, Variant, MinPTX, Family, FamilySM) Name,
#include "tcgen05/Basic/Targets.def"
};

constexpr bool sameName(const char *A, const char *B) {
  while (*A && *A == *B) {
    ++A;
    ++B;
  }
  return *A == *B;
}

constexpr const char *knownTarget(const char *Name) {
  for (const char *T : KnownTargets)
    if (sameName(T, Name))
      return Name;
  throw "a target set names a target Targets.def does not have";
}

#define ARCH(Name)                                                             \
  TargetEntry { knownTarget(Name), false, 0 }
#define FAMILY(Name, MinPTX)                                                   \
  TargetEntry { knownTarget(Name), true, MinPTX }
#define TARGET_SET(Id, ...) constexpr TargetEntry Id##Entries[] = {__VA_ARGS__};
#include "TargetSets.def"
#undef ARCH
#undef FAMILY

const TargetSet TargetSets[] = {
    {TargetSetId::Any, {}},
#define TARGET_SET(Id, ...) {TargetSetId::Id, Id##Entries},
#include "TargetSets.def"
};

const FormInfo Forms[] = {
#define FORM(Id, Opcode, Spelling, Section, MinPTX, Targets, Syntax)           \
  {Form::Id, Tcgen05Opcode::Opcode, Spelling, Section,                         \
   MinPTX,   TargetSetId::Targets},
#include "tcgen05/AST/Tcgen05Forms.def"
};

const QualRule Qualifiers[] = {
#define QUAL(FormSet, Class, Spelling, MinPTX, Targets, Section)               \
  {FormSet, QC::Class, Spelling, MinPTX, TargetSetId::Targets, Section},
#include "tcgen05/AST/Tcgen05Qualifiers.def"
};

const ClassRule Classes[] = {
#define CLASS_RULE(Class, Noun, Repeatable, Rank)                              \
  {QC::Class, Noun, Repeatable, Rank},
#include "tcgen05/AST/Tcgen05QualifierClasses.def"
};

const RequireRule Requires[] = {
#define REQUIRE(FormSet, Class, Section) {FormSet, QC::Class, Section},
#include "Required.def"
};

const OperandRule Operands[] = {
#define OPERAND(FormSet, R, Shape, Bits, Float, Min, Max, Step, Accept,        \
                Access, Section)                                               \
  {FormSet, Role::R, OperandForm::Shape, Bits, Float, Min, Max, Step,          \
   Accept,  Section},
#include "tcgen05/AST/Tcgen05Operands.def"
};

const OperandTargetRule OperandTargets[] = {
#define OPERAND_TARGETS(FormSet, R, Targets, Section)                          \
  {FormSet, Role::R, TargetSetId::Targets, Section},
#include "tcgen05/AST/Tcgen05Operands.def"
};

const LdStShape Shapes[] = {
#define LDST_SHAPE(Shape, Registers, MaxNum) {Shape, Registers, MaxNum},
#include "LdStShapes.def"
};

const ComboRule Combos[] = {
#define NEEDS(FormSet, If, Then, Section)                                      \
  {ComboKind::Needs, FormSet,     If,          Then,                           \
   Role::Dst,        QC::Unknown, QC::Unknown, Section},
#define EXCLUDES(FormSet, If, Other, Section)                                  \
  {ComboKind::Excludes, FormSet,     If,          Other,                       \
   Role::Dst,           QC::Unknown, QC::Unknown, Section},
#define ONLY_WITH_OPERAND(FormSet, R, Quals, Section)                          \
  {ComboKind::OnlyWithOperand,                                                 \
   FormSet,                                                                    \
   "",                                                                         \
   Quals,                                                                      \
   Role::R,                                                                    \
   QC::Unknown,                                                                \
   QC::Unknown,                                                                \
   Section},
#define BEFORE(FormSet, A, B, Section)                                         \
  {ComboKind::Before, FormSet, "", "", Role::Dst, QC::A, QC::B, Section},
#define QUAL_NEEDS_OPERAND(FormSet, Qual, R, Section)                          \
  {ComboKind::QualNeedsOperand,                                                \
   FormSet,                                                                    \
   Qual,                                                                       \
   "",                                                                         \
   Role::R,                                                                    \
   QC::Unknown,                                                                \
   QC::Unknown,                                                                \
   Section},
#include "Combinations.def"
};

const KindRule Kinds[] = {
#define KIND_RULE(Kind, Scale, Vecs, Default, ScaleInputD, MaxOps, Sparse,     \
                  Section)                                                     \
  {Kind,   BlockScaleUse::Scale, Vecs,   Default, ScaleInputDUse::ScaleInputD, \
   MaxOps, TargetSetId::Sparse,  Section},
#include "KindRules.def"
};

const ScaleVecAlias Aliases[] = {
#define SCALE_VEC_ALIAS(Kind, Block, ScaleVec, Section)                        \
  {Kind, Block, ScaleVec, Section},
#include "ScaleVecAliases.def"
};

} // namespace

llvm::ArrayRef<FormInfo> rules::forms() { return Forms; }
llvm::ArrayRef<KindRule> rules::kindRules() { return Kinds; }
llvm::ArrayRef<ScaleVecAlias> rules::scaleVecAliases() { return Aliases; }
const ScaleVecAlias *rules::findScaleVecAlias(llvm::StringRef Kind,
                                              llvm::StringRef Size) {
  for (const ScaleVecAlias &A : Aliases)
    if (A.Kind == Kind && (A.Block == Size || A.ScaleVec == Size))
      return &A;
  return nullptr;
}
const KindRule *rules::findKind(llvm::StringRef Kind) {
  for (const KindRule &K : Kinds)
    if (K.Kind == Kind)
      return &K;
  return nullptr;
}
const FormInfo &rules::formInfo(Form F) {
  return Forms[static_cast<unsigned>(F)];
}

llvm::StringRef rules::ruleSection(llvm::StringRef RowSection, Form F) {
  return RowSection.empty() ? formInfo(F).Section : RowSection;
}
llvm::ArrayRef<QualRule> rules::qualifierRules() { return Qualifiers; }
llvm::ArrayRef<RequireRule> rules::requireRules() { return Requires; }
llvm::ArrayRef<OperandRule> rules::operandRules() { return Operands; }
llvm::ArrayRef<LdStShape> rules::ldStShapes() { return Shapes; }
llvm::ArrayRef<OperandTargetRule> rules::operandTargetRules() {
  return OperandTargets;
}
llvm::ArrayRef<ComboRule> rules::comboRules() { return Combos; }
const ClassRule &rules::classRule(Tcgen05QualClass C) {
  return Classes[static_cast<unsigned>(C)];
}
const TargetSet &rules::targetSet(TargetSetId Id) {
  return TargetSets[static_cast<unsigned>(Id)];
}

bool rules::targetSetContains(TargetSetId Id, const TargetInfo &T,
                              unsigned Version) {
  if (Id == TargetSetId::Any)
    return true;
  for (const TargetEntry &E : targetSet(Id).Entries) {
    std::optional<TargetInfo> Want = lookupTarget(E.Target);
    if (!Want)
      continue;
    if (!E.Family) {
      if (Want->Name == T.Name)
        return true;
      continue;
    }
    // "sm_100f or higher in the same family": family-specific and
    // architecture-specific targets of the family, at or above it.
    if (T.Variant != TargetVariant::Base && T.Family == Want->Family &&
        T.FamilySM >= Want->FamilySM && Version >= E.MinPTX)
      return true;
  }
  return false;
}

std::string rules::describeTargetSet(TargetSetId Id) {
  std::string Out;
  auto Add = [&](const std::string &S) {
    if (!Out.empty())
      Out += ", ";
    Out += S;
  };
  for (const TargetEntry &E : targetSet(Id).Entries) {
    if (!E.Family)
      Add(E.Target);
    else
      Add(std::string(E.Target) + " and higher in its family (PTX ISA " +
          formatPTXVersion(E.MinPTX) + "+)");
  }
  return Out;
}

bool rules::qualifierAllowed(const QualRule &R, const TargetInfo &T,
                             unsigned Version) {
  return Version >= R.MinPTX &&
         targetSetContains(R.Targets, T, std::max(Version, T.MinPTX));
}

const QualRule *rules::findQualifier(Form F, llvm::StringRef Spelling) {
  for (const QualRule &R : Qualifiers)
    if ((R.Forms & bitOf(F)) && R.Spelling == Spelling)
      return &R;
  return nullptr;
}

const QualRule *rules::findAnyQualifier(llvm::StringRef Spelling) {
  for (const QualRule &R : Qualifiers)
    if (R.Spelling == Spelling)
      return &R;
  return nullptr;
}

const OperandRule *rules::findOperand(Form F, Tcgen05OperandRole R) {
  for (const OperandRule &O : Operands)
    if ((O.Forms & bitOf(F)) && O.Role == R)
      return &O;
  return nullptr;
}

const LdStShape *rules::findLdStShape(llvm::StringRef Shape) {
  for (const LdStShape &S : Shapes)
    if (S.Shape == Shape)
      return &S;
  return nullptr;
}

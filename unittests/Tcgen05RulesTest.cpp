// The rule tables are data; these tests keep the data coherent, and pin the
// target model that reads it.
#include "Sema/Tcgen05/Rules.h"

#include "tcgen05/Sema/Tcgen05Check.h"

#include "gtest/gtest.h"

#include <set>

using namespace tcgen05;
using namespace tcgen05::rules;

namespace {
TargetInfo target(llvm::StringRef Name) {
  std::optional<TargetInfo> T = lookupTarget(Name);
  EXPECT_TRUE(T) << Name.str();
  return *T;
}
} // namespace

TEST(Tcgen05RulesTest, FamilyEntriesCoverHigherMembersOfTheFamily) {
  // Tcgen05: sm_100a, sm_101a, sm_110a, and the sm_100f/101f/110f families.
  EXPECT_TRUE(targetSetContains(TargetSetId::Tcgen05, target("sm_100a"), 86));
  EXPECT_TRUE(targetSetContains(TargetSetId::Tcgen05, target("sm_103a"), 88));
  EXPECT_TRUE(targetSetContains(TargetSetId::Tcgen05, target("sm_103f"), 88));
  EXPECT_TRUE(targetSetContains(TargetSetId::Tcgen05, target("sm_110f"), 90));
  EXPECT_FALSE(targetSetContains(TargetSetId::Tcgen05, target("sm_100"), 90));
  EXPECT_FALSE(targetSetContains(TargetSetId::Tcgen05, target("sm_120a"), 90));
  EXPECT_FALSE(targetSetContains(TargetSetId::Tcgen05, target("sm_90a"), 90));
  // Family entries start at PTX ISA 8.8.
  EXPECT_FALSE(targetSetContains(TargetSetId::Tcgen05, target("sm_100f"), 87));
}

TEST(Tcgen05RulesTest, RenamedSm101RanksAsSm110) {
  // .block16/.block32: the sm_100f and sm_110f families; sm_101 is sm_110.
  EXPECT_TRUE(targetSetContains(TargetSetId::Tcgen05ScaleVecBlock,
                                target("sm_101a"), 90));
  EXPECT_TRUE(targetSetContains(TargetSetId::Tcgen05ScaleVecBlock,
                                target("sm_101f"), 90));
  // tcgen05.ld.red: not the sm_100 chip itself.
  EXPECT_FALSE(
      targetSetContains(TargetSetId::Tcgen05LdRed, target("sm_100a"), 90));
  EXPECT_TRUE(
      targetSetContains(TargetSetId::Tcgen05LdRed, target("sm_103a"), 88));
}

TEST(Tcgen05RulesTest, ComputeNamesAreTheirSmTargets) {
  EXPECT_EQ(target("compute_100a").Name, "sm_100a");
}

// That every target set names known targets is checked by the build
// (Rules.cpp, knownTarget).

TEST(Tcgen05RulesTest, NoQualifierIsDeclaredTwiceForAForm) {
  for (const FormInfo &F : forms()) {
    std::set<std::string> Seen;
    for (const QualRule &Q : qualifierRules())
      if (Q.Forms & bitOf(F.Id)) {
        EXPECT_TRUE(Seen.insert(Q.Spelling.str()).second)
            << Q.Spelling.str() << " twice for " << F.Spelling.str();
      }
  }
}

TEST(Tcgen05RulesTest, EveryRequiredClassHasValues) {
  for (const RequireRule &R : requireRules())
    for (const FormInfo &F : forms()) {
      if (!(R.Forms & bitOf(F.Id)))
        continue;
      bool Any = false;
      for (const QualRule &Q : qualifierRules())
        Any |= (Q.Forms & bitOf(F.Id)) && Q.Class == R.Class;
      EXPECT_TRUE(Any) << F.Spelling.str() << " requires a "
                       << classRule(R.Class).Noun.str() << " but accepts none";
    }
}

TEST(Tcgen05RulesTest, CombinationsNameRealQualifiers) {
  for (const ComboRule &C : comboRules()) {
    if (!C.If.empty()) {
      EXPECT_TRUE(findAnyQualifier(C.If)) << C.If.str();
    }
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    C.Other.split(Parts, '|', -1, false);
    for (llvm::StringRef P : Parts)
      EXPECT_TRUE(findAnyQualifier(P)) << P.str();
  }
  for (const KindRule &K : kindRules()) {
    EXPECT_TRUE(findAnyQualifier(K.Kind)) << K.Kind.str();
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    K.ScaleVecs.split(Parts, '|', -1, false);
    for (llvm::StringRef P : Parts)
      EXPECT_TRUE(findAnyQualifier(P)) << P.str();
    if (!K.DefaultScaleVec.empty()) {
      EXPECT_NE(K.ScaleVecs.find(K.DefaultScaleVec), llvm::StringRef::npos);
    }
  }
}

TEST(Tcgen05RulesTest, Table47ShapesAreLdStShapes) {
  for (const LdStShape &S : ldStShapes()) {
    EXPECT_TRUE(findQualifier(Form::Ld, S.Shape)) << S.Shape.str();
    EXPECT_LE(S.RegistersAtX1 * S.MaxNum, 128u) << S.Shape.str();
  }
}

TEST(Tcgen05RulesTest, TypeWidths) {
  EXPECT_EQ(typeWidth(".b32"), 32u);
  EXPECT_EQ(typeWidth(".f32"), 32u);
  EXPECT_EQ(typeWidth(".u64"), 64u);
  EXPECT_EQ(typeWidth(".b16"), 16u);
  EXPECT_EQ(typeWidth(".bf16"), 16u);
  EXPECT_EQ(typeWidth(".f16x2"), 32u);
  EXPECT_EQ(typeWidth(".pred"), 1u);
  EXPECT_EQ(typeWidth(".v4"), 0u);
}

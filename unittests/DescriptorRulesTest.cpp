#include "tcgen05/Descriptors/DescriptorRules.h"
#include "tcgen05/Descriptors/MatrixDesc.h"
#include "tcgen05/Frontend/Explain.h"

#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

using namespace tcgen05;

namespace {

/// A descriptor of D that is plausible for Use: the shape and types of the
/// kind's first valid values.
uint64_t baseValue(DescriptorKind D, const IdescUse &Use) {
  EncodeError Error;
  if (D == DescriptorKind::Smem)
    return *encodeSmemDesc({}, Error);
  if (D == DescriptorKind::Zcm)
    return 0;
  const IdescKind &K = *Use.Kind;
  std::vector<std::pair<std::string, uint64_t>> Fields = {
      {"m", Use.CtaGroup == 2 ? 256 : 128}, {"n", 128}};
  auto First = [](llvm::StringRef List) {
    uint64_t X = 0;
    List.split('=').first.getAsInteger(10, X);
    return X;
  };
  if (!K.DTypes.empty())
    Fields.push_back({"dtype", First(K.DTypes)});
  Fields.push_back({"atype", First(K.ATypes)});
  Fields.push_back({"btype", First(K.BTypes)});
  if (K.Layout != IdescLayout::Dense)
    Fields.push_back({"scale_type", 1});
  if (Use.Sparse)
    Fields.push_back({"sparse", 1});
  return *encodeIdesc(K, Fields, Error);
}

/// Plausible values with the fields other rules depend on set: swizzling
/// modes, the absolute mode, a transposed B.
std::vector<uint64_t> baseValues(DescriptorKind D, const IdescUse &Use) {
  uint64_t V = baseValue(D, Use);
  std::vector<uint64_t> Out = {V};
  std::vector<std::vector<std::pair<std::string, uint64_t>>> Variants;
  if (D == DescriptorKind::Smem)
    Variants = {{{"swizzle", 1}},
                {{"swizzle", 2}},
                {{"swizzle", 2}, {"lead_absolute", 1}}};
  if (D == DescriptorKind::Instr)
    Variants = {{{"transpose_b", 1}}};
  IdescLayout L =
      D == DescriptorKind::Instr ? Use.Kind->Layout : IdescLayout::None;
  EncodeError Error;
  for (const auto &Fields : Variants)
    if (std::optional<uint64_t> X = encodeDescFields(D, L, V, Fields, Error))
      Out.push_back(*X);
  return Out;
}

/// The instructions the rules are tried on.
std::vector<IdescUse> contexts() {
  std::vector<IdescUse> Out;
  for (const IdescKind &K : idescKinds())
    for (int Bits = 0; Bits < 64; ++Bits)
      for (llvm::StringRef Vec : {"", ".scale_vec::4X", ".block32"})
        for (const char *Target : {"sm_100a", "sm_103a"}) {
          IdescUse U;
          U.Kind = &K;
          U.Ws = Bits & 1;
          U.Sparse = Bits & 2;
          U.CtaGroup = Bits & 4 ? 2 : 1;
          U.Ashift = Bits & 8;
          U.ATmem = Bits & 16;
          if (Bits & 32)
            U.Transposed = true;
          U.M = U.Ws ? 32 : 128;
          U.ScaleVec = Vec;
          U.Target = lookupTarget(Target);
          Out.push_back(U);
        }
  return Out;
}

bool fires(const DescRule &R, uint64_t V, const IdescUse &Use) {
  for (const IdescFinding &F : checkDescriptor(R.Desc, V, ~0ull, Use))
    if (F.Rule == &R)
      return true;
  return false;
}

} // namespace

// Every row of DescriptorRules.def cites the manual, reports a documented
// code, and separates a value it accepts from one it rejects.
TEST(DescriptorRulesTest, EveryRuleHasSectionDocsAndValues) {
  std::vector<IdescUse> Uses = contexts();
  ASSERT_FALSE(descRules().empty());
  for (const DescRule &R : descRules()) {
    EXPECT_TRUE(R.Section.starts_with("9.")) << R.Name.str();
    EXPECT_EQ(&descRule(R.ID), &R);
    EXPECT_TRUE(explainDiagCode(getDiagInfo(R.Diag).Code)) << R.Name.str();
    bool Found = false;
    for (const IdescUse &Use : Uses) {
      if (!descRuleApplies(R, Use))
        continue;
      for (uint64_t Pass : baseValues(R.Desc, Use)) {
        if (fires(R, Pass, Use))
          continue;
        std::optional<uint64_t> Fail = breakDescRule(R, Pass, Use);
        Found = Fail && fires(R, *Fail, Use);
        if (Found)
          break;
      }
      if (Found)
        break;
    }
    EXPECT_TRUE(Found) << R.Name.str() << ": no passing and failing value";
  }
}

// A rule's arguments are the described value and the names of its Args
// column, each one the evaluation knows, as many as its message's
// placeholders: a misspelt name would drop an argument and shift the rest.
TEST(DescriptorRulesTest, EveryArgumentNameIsKnownAndFillsItsMessage) {
  for (const DescRule &R : descRules()) {
    llvm::SmallVector<llvm::StringRef, 8> Names;
    R.Args.split(Names, ',', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef N : Names)
      EXPECT_TRUE(descRuleArgumentKnown(N)) << R.Name.str() << ": " << N.str();
    llvm::StringRef Format = getDiagInfo(R.Diag).Format;
    // %N, or %modifierN (%hex1, %value2).
    unsigned Placeholders = 0;
    for (size_t I = Format.find('%'); I != llvm::StringRef::npos;
         I = Format.find('%', I + 1)) {
      llvm::StringRef After = Format.substr(I + 1).drop_while(
          [](char C) { return llvm::isAlpha(C); });
      if (!After.empty() && llvm::isDigit(After[0]))
        Placeholders = std::max(Placeholders, unsigned(After[0] - '0') + 1);
    }
    EXPECT_EQ(Names.size() + 1, Placeholders) << R.Name.str();
  }
  EXPECT_FALSE(descRuleArgumentKnown("fields"));
}

TEST(DescriptorRulesTest, OneFieldTableServesAllThreeDescriptors) {
  for (DescriptorKind D :
       {DescriptorKind::Instr, DescriptorKind::Smem, DescriptorKind::Zcm})
    for (IdescLayout L : {IdescLayout::Dense, IdescLayout::MxF8,
                          IdescLayout::MxF4, IdescLayout::None}) {
      if ((D == DescriptorKind::Instr) == (L == IdescLayout::None))
        continue;
      uint64_t Seen = 0;
      for (const DescField &F : descFields(D, L)) {
        EXPECT_EQ(Seen & F.mask(), 0u) << F.Name.str();
        EXPECT_LE(F.Lo + F.Width, descBits(D)) << F.Name.str();
        Seen |= F.mask();
      }
      uint64_t All = descBits(D) == 64 ? ~0ull : 0xFFFFFFFFull;
      EXPECT_EQ(Seen | descReservedMask(D, L), All);
    }
}

// A broken rule changes only its own field.
TEST(DescriptorRulesTest, BreakingARuleChangesOnlyItsField) {
  IdescUse Use;
  Use.Kind = lookupIdescKind("f16");
  uint64_t V = baseValue(DescriptorKind::Instr, Use);
  const DescRule &R = descRule(DescRuleID::IdescM);
  std::optional<uint64_t> Bad = breakDescRule(R, V, Use);
  ASSERT_TRUE(Bad);
  const DescField *M =
      findDescField(DescriptorKind::Instr, IdescLayout::Dense, "m");
  EXPECT_EQ(*Bad & ~M->mask(), V & ~M->mask());
  std::vector<IdescFinding> Fs =
      checkIdesc(static_cast<uint32_t>(*Bad), ~0u, Use);
  ASSERT_EQ(Fs.size(), 1u);
  EXPECT_EQ(Fs[0].ID, DiagID::err_idesc_m);
  // The sparsity bit cannot break a rule for .ws alone.
  EXPECT_FALSE(breakDescRule(descRule(DescRuleID::IdescMWs), V, Use));
}

//===- MatrixDesc.cpp - Shared memory and zero-column descriptors ---------===//

#include "tcgen05/Descriptors/MatrixDesc.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

const DescField Fields[] = {
#define DESC_FIELD(Desc, Name, Lo, Width, Description)                         \
  {MatrixDescKind::Desc, Name, Lo, Width, Description},
#include "SmemDescFields.def"
};

const DescField *field(MatrixDescKind K, llvm::StringRef Name) {
  for (const DescField &F : Fields)
    if (F.Desc == K && F.Name == Name)
      return &F;
  return nullptr;
}

} // namespace

std::vector<DescField> tcgen05::matrixDescFields(MatrixDescKind K) {
  std::vector<DescField> Out;
  for (const DescField &F : Fields)
    if (F.Desc == K)
      Out.push_back(F);
  return Out;
}

uint64_t tcgen05::matrixDescReservedMask(MatrixDescKind K) {
  uint64_t Used = 0;
  for (const DescField &F : Fields)
    if (F.Desc == K)
      Used |= F.mask();
  return ~Used;
}

std::string tcgen05::describeMatrixDesc(MatrixDescKind K, uint64_t V,
                                        uint64_t Known) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const DescField &F : Fields)
    if (F.Desc == K && (Known & F.mask()) == F.mask())
      OS << (Out.empty() ? "" : " ") << F.Name << "=" << F.get(V);
  return Out;
}

std::vector<IdescFinding>
tcgen05::checkSmemDesc(uint64_t V, uint64_t Known,
                       const std::optional<TargetInfo> &T) {
  std::vector<IdescFinding> Out;
  std::string Value = describeDescriptorValue(V, Known, 64);
  auto Add = [&](DiagID ID, std::vector<DiagArg> Args = {}) {
    Args.insert(Args.begin(), Value);
    Out.emplace_back(ID, std::move(Args));
  };
  auto Get = [&](llvm::StringRef Name) -> std::optional<uint64_t> {
    const DescField *F = field(MatrixDescKind::Smem, Name);
    if ((Known & F->mask()) != F->mask())
      return std::nullopt;
    return F->get(V);
  };
  if (auto X = Get("fixed_001"); X && *X != 1)
    Add(DiagID::err_smem_fixed_bits, {*X});
  if (auto X = Get("fixed_zero"); X && *X != 0)
    Add(DiagID::err_smem_fixed_zero);
  std::optional<uint64_t> Swizzle = Get("swizzle");
  if (Swizzle && (*Swizzle == 3 || *Swizzle == 5 || *Swizzle == 7))
    Add(DiagID::err_smem_swizzle, {*Swizzle});
  // Table 41: the swizzle pattern repeats every 1024, 512 or 256 bytes; a
  // matrix starting inside a pattern names its position in base_offset,
  // (start >> 7) & 7.  The pattern may start elsewhere than the matrix, so
  // a mismatch is a warning.
  std::optional<uint64_t> Start = Get("start_address"), Base = Get("base_offset");
  if (Swizzle && Start && Base && (*Swizzle == 2 || *Swizzle == 4 || *Swizzle == 6)) {
    uint64_t Pattern = *Swizzle == 2 ? 1024 : *Swizzle == 4 ? 512 : 256;
    uint64_t Bytes = *Start << 4;
    uint64_t Expected = ((Bytes % Pattern) >> 7) & 7;
    if (*Base != Expected)
      Add(DiagID::warn_smem_base_offset, {*Base, Bytes, Pattern, Expected});
  }
  if (auto Abs = Get("lead_absolute"); Abs && *Abs) {
    if (T && T->SM != 103)
      Add(DiagID::err_smem_absolute_target, {T->Name});
    if (Swizzle && *Swizzle != 2)
      Add(DiagID::err_smem_absolute_swizzle);
  }
  return Out;
}

std::vector<IdescFinding> tcgen05::checkZeroColumnMask(uint64_t V,
                                                       uint64_t Known,
                                                       unsigned M) {
  std::vector<IdescFinding> Out;
  std::string Value = describeDescriptorValue(V, Known, 64);
  const DescField *Shift = field(MatrixDescKind::Zcm, "column_shift");
  if ((Known & Shift->mask()) == Shift->mask()) {
    uint64_t S = Shift->get(V);
    uint64_t Max = M == 32 ? 16 : 32;
    if (S > Max && M == 32)
      Out.emplace_back(DiagID::err_zcm_shift_m32,
                       std::vector<DiagArg>{Value, S});
    else if (S > Max)
      Out.emplace_back(DiagID::err_zcm_shift,
                       std::vector<DiagArg>{Value, S, Max});
  }
  uint64_t Reserved = matrixDescReservedMask(MatrixDescKind::Zcm) & Known & V;
  if (Reserved)
    Out.emplace_back(DiagID::warn_zcm_reserved,
                     std::vector<DiagArg>{Value, DiagArg::bits(Reserved, 64)});
  return Out;
}

std::optional<uint64_t>
tcgen05::encodeSmemDesc(llvm::ArrayRef<std::pair<std::string, uint64_t>> In,
                        std::string &Error) {
  uint64_t V = 1ull << 46; // The fixed 0b001 of bits 46-48.
  for (const auto &[Name, Value] : In) {
    const DescField *F = field(MatrixDescKind::Smem, Name);
    if (!F || Name == "fixed_001" || Name == "fixed_zero") {
      Error = "no settable field '" + Name + "' in a shared memory descriptor";
      return std::nullopt;
    }
    uint64_t X = Value;
    if (Name == "start_address" || Name == "leading_offset" ||
        Name == "stride_offset") {
      // matrix-descriptor-encode(x) = (x & 0x3FFFF) >> 4 (Table 40).
      if (X % 16) {
        Error = Name + "=" + std::to_string(Value) +
                " is not 16-byte aligned";
        return std::nullopt;
      }
      if (X > 0x3FFFF) {
        Error = Name + "=" + std::to_string(Value) +
                " does not fit in 18 bits";
        return std::nullopt;
      }
      X >>= 4;
    }
    if (X >> F->Width) {
      Error = Name + "=" + std::to_string(Value) + " does not fit in " +
              std::to_string(F->Width) + " bits";
      return std::nullopt;
    }
    V = (V & ~F->mask()) | (X << F->Lo);
  }
  return V;
}

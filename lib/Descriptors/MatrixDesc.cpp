//===- MatrixDesc.cpp - Shared memory and zero-column descriptors ---------===//

#include "tcgen05/Descriptors/MatrixDesc.h"

#include "tcgen05/Descriptors/DescriptorRules.h"

using namespace tcgen05;

std::vector<DescField> tcgen05::matrixDescFields(MatrixDescKind K) {
  return descFields(K);
}

uint64_t tcgen05::matrixDescReservedMask(MatrixDescKind K) {
  return descReservedMask(K);
}

std::string tcgen05::describeMatrixDesc(MatrixDescKind K, uint64_t V,
                                        uint64_t Known) {
  return describeDescFields(K, IdescLayout::None, V, Known);
}

std::vector<IdescFinding>
tcgen05::checkSmemDesc(uint64_t V, uint64_t Known,
                       const std::optional<TargetInfo> &T) {
  IdescUse Use;
  Use.Target = T;
  return checkSmemDesc(V, Known, Use);
}

std::vector<IdescFinding> tcgen05::checkSmemDesc(uint64_t V, uint64_t Known,
                                                 const IdescUse &Use) {
  return checkDescriptor(DescriptorKind::Smem, V, Known, Use);
}

std::vector<IdescFinding>
tcgen05::checkZeroColumnMask(uint64_t V, uint64_t Known, unsigned M) {
  IdescUse Use;
  Use.M = M;
  return checkZeroColumnMask(V, Known, Use);
}

std::vector<IdescFinding>
tcgen05::checkZeroColumnMask(uint64_t V, uint64_t Known, const IdescUse &Use) {
  return checkDescriptor(DescriptorKind::Zcm, V, Known, Use);
}

std::optional<uint64_t>
tcgen05::encodeSmemDesc(llvm::ArrayRef<std::pair<std::string, uint64_t>> In,
                        EncodeError &Error) {
  // The fixed bits are the descriptor's, not the caller's.
  for (const auto &Field : In)
    if (Field.first == "fixed_001" || Field.first == "fixed_zero") {
      Error = {DiagID::err_encode_no_field, {Field.first}};
      return std::nullopt;
    }
  // The fixed 0b001 of bits 46-48.
  return encodeDescFields(DescriptorKind::Smem, IdescLayout::None, 1ull << 46,
                          In, Error);
}

//===- DescField.cpp - Bit fields of the tcgen05 descriptors --------------===//

#include "tcgen05/Descriptors/DescField.h"

#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

const DescField Fields[] = {
#define DESC_FIELD(Desc, Layout, Name, Lo, Width, Scale, Description)          \
  {DescriptorKind::Desc, IdescLayout::Layout, Name, Lo, Width, Scale,          \
   Description},
#include "DescriptorFields.def"
};

bool inDescriptor(const DescField &F, DescriptorKind D, IdescLayout L) {
  return F.Desc == D && (D != DescriptorKind::Instr || F.Layout == L);
}

} // namespace

llvm::ArrayRef<DescField> tcgen05::descFields() { return Fields; }

std::vector<DescField> tcgen05::descFields(DescriptorKind D, IdescLayout L) {
  std::vector<DescField> Out;
  for (const DescField &F : Fields)
    if (inDescriptor(F, D, L))
      Out.push_back(F);
  return Out;
}

const DescField *tcgen05::findDescField(DescriptorKind D, IdescLayout L,
                                        llvm::StringRef Name) {
  for (const DescField &F : Fields)
    if (inDescriptor(F, D, L) && F.Name == Name)
      return &F;
  return nullptr;
}

unsigned tcgen05::descBits(DescriptorKind D) {
  return D == DescriptorKind::Instr ? 32 : 64;
}

uint64_t tcgen05::descReservedMask(DescriptorKind D, IdescLayout L) {
  uint64_t Used = 0;
  for (const DescField &F : Fields)
    if (inDescriptor(F, D, L))
      Used |= F.mask();
  uint64_t All = descBits(D) == 64 ? ~0ull : (1ull << descBits(D)) - 1;
  return ~Used & All;
}

std::optional<uint64_t>
tcgen05::encodeDescFields(DescriptorKind D, IdescLayout L, uint64_t V,
                          llvm::ArrayRef<std::pair<std::string, uint64_t>> In,
                          EncodeError &Error) {
  auto Fail = [&](DiagID ID, std::vector<DiagArg> Args) {
    Error = {ID, std::move(Args)};
    return std::nullopt;
  };
  for (const auto &[Name, Value] : In) {
    const DescField *F = findDescField(D, L, Name);
    if (!F)
      return Fail(DiagID::err_encode_no_field, {Name});
    uint64_t Unit = 1ull << F->Scale;
    if (Value % Unit)
      return Fail(D == DescriptorKind::Instr ? DiagID::err_encode_not_multiple
                                             : DiagID::err_encode_misaligned,
                  {Name, Value, Unit});
    if ((Value >> F->Scale) >> F->Width)
      return Fail(DiagID::err_encode_too_wide,
                  {Name, Value, F->Width + F->Scale});
    V = F->set(V, Value >> F->Scale);
  }
  return V;
}

std::string tcgen05::describeDescFields(DescriptorKind D, IdescLayout L,
                                        uint64_t V, uint64_t Known) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const DescField &F : Fields)
    if (inDescriptor(F, D, L) && (Known & F.mask()) == F.mask())
      OS << (Out.empty() ? "" : " ") << F.Name << "=" << F.quantity(V);
  return Out;
}

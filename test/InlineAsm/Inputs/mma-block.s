{
.reg .pred p;
setp.ne.b32 p, %4, 0;
tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, p;
}

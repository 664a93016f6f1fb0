mov.u32 %%r9, %0;
tcgen05.shift.cta_group::1.down [%0];

// plugin/api/options.c: gbgpu_set, gbgpu_get and gbgpu_device_available.
// SPDX-License-Identifier: Apache-2.0
//
// The values are core/options.c's; turning the device cache off also gives
// its idle copies back, here, where the cache is below.

#include "api/api.h"
#include "cache/device_cache.h"

GBGPU_EXPORT int gbgpu_device_available (void)
{
    gbgpu_ensure_initialized () ;
    if (!gbgpu_device_ready ()) return false ;
    int previous ;
    bool usable = gbgpu_cuda_enter_device (gbgpu_current_device (), &previous) == GBGPU_CUDA_OK ;
    gbgpu_cuda_restore_device (previous) ;
    return usable ;
}

GBGPU_EXPORT GrB_Info gbgpu_set (gbgpu_option option, int64_t value)
{
    gbgpu_ensure_initialized () ;
    GrB_Info info = gbgpu_option_store (option, value) ;
    if (info == GrB_SUCCESS && option == GBGPU_DEVICE_CACHE && value == 0)
        (void) gbgpu_device_cache_evict_idle () ;
    return info ;
}

GBGPU_EXPORT GrB_Info gbgpu_get (gbgpu_option option, int64_t *value)
{
    gbgpu_ensure_initialized () ;
    if (value == NULL) return GrB_NULL_POINTER ;
    return gbgpu_option_load (option, value) ;
}

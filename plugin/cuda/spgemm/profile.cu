// plugin/cuda/spgemm/profile.cu: the product's profile, bin by bin: rows, device time, names.
// SPDX-License-Identifier: Apache-2.0
//
// Device events around each bin's kernels (bin_timer), each bin's rows and
// time (bin_profile), and the bins' names for reports (gbgpu_cuda_bin_name).
//
// The events cost nothing unless the caller asks for per-bin times
// (gbgpu_cuda_profile's per_bin): then a phase runs its bins one after
// another, so that each bin's time is its own (accumulate_rows.cuh).

#include <cstdio>
#include "spgemm/spgemm.cuh"

namespace gbgpu {

// Each bin's rows, and its time when the timer was enabled.
cudaError_t bin_profile (gbgpu_cuda_bin_profile *out, const row_bins &bins,
    const bin_timer &timer)
{
    for (int b = 0 ; b < N_BINS ; b++)
    {
        out [b].rows = (b == BIN_EMPTY) ? bins.empty_rows : bins.rows [b] ;
        GBGPU_TRY (timer.elapsed (b, &out [b].ms)) ;
    }
    return cudaSuccess ;
}

bin_timer::~bin_timer ()
{
    for (int b = 0 ; b < N_BINS ; b++)
    {
        if (start_ [b] != nullptr) cudaEventDestroy (start_ [b]) ;
        if (stop_ [b] != nullptr) cudaEventDestroy (stop_ [b]) ;
    }
}

cudaError_t bin_timer::enable ()
{
    for (int b = 0 ; b < N_BINS ; b++)
    {
        GBGPU_TRY (cudaEventCreate (&start_ [b])) ;
        GBGPU_TRY (cudaEventCreate (&stop_ [b])) ;
    }
    enabled_ = true ;
    return cudaSuccess ;
}

cudaError_t bin_timer::begin (int bin)
{
    if (!enabled_) return cudaSuccess ;
    timed_ [bin] = true ;
    return cudaEventRecord (start_ [bin], stream ()) ;
}

cudaError_t bin_timer::end (int bin)
{
    if (!enabled_) return cudaSuccess ;
    return cudaEventRecord (stop_ [bin], stream ()) ;
}

cudaError_t bin_timer::elapsed (int bin, float *ms) const
{
    *ms = 0 ;
    if (!timed_ [bin]) return cudaSuccess ;
    return cudaEventElapsedTime (ms, start_ [bin], stop_ [bin]) ;
}

}   // namespace gbgpu

using namespace gbgpu ;

extern "C" const char *gbgpu_cuda_bin_name (int bin)
{
    // a shared hash bin by its tables' slots, then the registry's own bins
    struct shared_names { char name [N_SHARED_BINS][16] ; } ;
    static const shared_names shared = [] ()
    {
        shared_names n ;
        for (int b = 0 ; b < N_SHARED_BINS ; b++)
            snprintf (n.name [b], sizeof (n.name [b]), "hash%d", 1 << bin_table_bits (b)) ;
        return n ;
    } () ;
    #define GBGPU_BIN_NAME(NAME, name, BIN, bin, kernel, launcher, counted, forcible) #bin,
    static const char *const own [N_BINS - N_SHARED_BINS] =
    {
        GBGPU_ACCUMULATORS (GBGPU_BIN_NAME) "empty"
    } ;
    #undef GBGPU_BIN_NAME
    if (bin >= 0 && bin < N_SHARED_BINS) return shared.name [bin] ;
    return (bin >= N_SHARED_BINS && bin < N_BINS) ? own [bin - N_SHARED_BINS] : "?" ;
}

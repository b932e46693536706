// plugin/cuda/spgemm/module_launch.cu: run-time compiled semirings on the device.
// SPDX-License-Identifier: Apache-2.0
//
// A module is a cubin from NVRTC (plugin/jit/compiler/compile.c) holding the
// fill kernels of one semiring, one per accumulator of the registry
// (kernels/accumulators.h) in its order, instantiated from the same
// templates as the compiled-in ones.  It is loaded with the driver API into the context that
// is current on the calling thread: the runtime's primary context of the
// device, which gbgpu_cuda_enter_device made current (cudaFree (0) makes
// sure of it), so its kernels run on the memory and the per-thread stream
// every other call uses.  The driver API comes through the runtime
// (cudaGetDriverEntryPoint): libgbgpu needs no libcuda to link or load.
//
// module_kernels is the kernel set (accumulate_rows.cuh) that launches
// them: the launchers size every bin and its shared memory exactly as for
// compiled_kernels, and this set only swaps <<<>>> for cuLaunchKernel and
// cudaFuncSetAttribute for cuFuncSetAttribute.  Every kernel takes the same
// (hash_rows_args, launch_shape), so one launch serves them all.

#include <cuda.h>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>
#include "kernels/accumulate_rows.cuh"
#include "spgemm/spgemm.cuh"

// A kernel's function is looked up when a call first needs it: with the
// driver's lazy loading (CUDA_MODULE_LOADING=LAZY, the default since CUDA
// 12.2) that lookup is what loads the kernel onto the device, so a disk
// hit loads the kernels its product runs, not the whole set.  The load
// still checks the image as a whole and finds the hash kernel, which every
// row can take; a later kernel that cannot load (out of device memory, say)
// fails the call that needed it, which goes to row blocks or the CPU as any
// failed launch does.  Threads that race for one kernel find the same
// function and store the same value.
struct gbgpu_cuda_module
{
    CUmodule module ;
    char *names [GBGPU_CUDA_MODULE_KERNELS] ;          // NULL: not in its kernel set
    mutable std::atomic <CUfunction> kernels [GBGPU_CUDA_MODULE_KERNELS] ;
    // the kernel may take max_dynamic_shared () (a module lives in one device's context)
    mutable std::atomic <bool> max_shared_allowed [GBGPU_CUDA_MODULE_KERNELS] ;
    bool hash_only ;            // the hash kernel alone: every row hashed
    size_t value_size, value_slot_bytes ;
} ;

namespace gbgpu {

// The driver API through the runtime (cudaGetDriverEntryPoint), as the
// runtime's own libcuda has it: libgbgpu is not linked with libcuda, which
// only machines with a driver have.  Versions as in this toolkit's cuda.h.
struct driver_api
{
    decltype (&cuCtxGetCurrent) ctx_get_current ;
    decltype (&cuModuleLoadData) module_load_data ;
    decltype (&cuModuleUnload) module_unload ;
    decltype (&cuModuleGetFunction) module_get_function ;
    decltype (&cuFuncSetAttribute) func_set_attribute ;
    decltype (&cuLaunchKernel) launch_kernel ;
} ;

template <class F> static bool find_entry_point (F *f, const char *name)
{
    void *p = nullptr ;
    cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound ;
#if CUDART_VERSION >= 12050
    cudaError_t e = cudaGetDriverEntryPointByVersion (name, &p, CUDART_VERSION, cudaEnableDefault, &found) ;
#else
    cudaError_t e = cudaGetDriverEntryPoint (name, &p, cudaEnableDefault, &found) ;
#endif
    if (e != cudaSuccess) (void) cudaGetLastError () ;
    *f = reinterpret_cast <F> (p) ;
    return e == cudaSuccess && found == cudaDriverEntryPointSuccess && p != nullptr ;
}

// The driver's functions, found once (NULL when any is missing).
static const driver_api *driver ()
{
    static const driver_api *const api = [] () -> const driver_api *
    {
        static driver_api a ;
        bool found = find_entry_point (&a.ctx_get_current, "cuCtxGetCurrent")
            && find_entry_point (&a.module_load_data, "cuModuleLoadData")
            && find_entry_point (&a.module_unload, "cuModuleUnload")
            && find_entry_point (&a.module_get_function, "cuModuleGetFunction")
            && find_entry_point (&a.func_set_attribute, "cuFuncSetAttribute")
            && find_entry_point (&a.launch_kernel, "cuLaunchKernel") ;
        return found ? &a : nullptr ;
    } () ;
    return api ;
}

// The driver's results share the runtime's numbers for the errors both have
// (out of memory 2, illegal address 700, launch failure 719, ...), so
// status_of tells a fault from an error the same way for both.
static cudaError_t runtime_error (CUresult r)
{
    if (r == CUDA_SUCCESS) return cudaSuccess ;
    if (r == CUDA_ERROR_OUT_OF_MEMORY) return cudaErrorMemoryAllocation ;
    return static_cast <cudaError_t> (r) ;
}

// The device's primary context current on this thread, and the driver API
// to use it with.
static cudaError_t use_runtime_context ()
{
    GBGPU_TRY (cudaFree (nullptr)) ;
    if (driver () == nullptr) return cudaErrorNotSupported ;
    CUcontext current = nullptr ;
    GBGPU_TRY (runtime_error (driver ()->ctx_get_current (&current))) ;
    return (current != nullptr) ? cudaSuccess : cudaErrorDeviceUninitialized ;
}

// A module's kernel for an accumulator, looked up (and so loaded) the
// first time; a hash-only module's call sends no row to another accumulator.
static cudaError_t kernel_of (CUfunction *f, const gbgpu_cuda_module *m, int accumulator)
{
    *f = m->kernels [accumulator].load (std::memory_order_acquire) ;
    if (*f != nullptr) return cudaSuccess ;
    if (m->names [accumulator] == nullptr) return cudaErrorInvalidDeviceFunction ;
    GBGPU_TRY (runtime_error (driver ()->module_get_function (f, m->module, m->names [accumulator]))) ;
    m->kernels [accumulator].store (*f, std::memory_order_release) ;
    return cudaSuccess ;
}

// The kernel set of a loaded module (accumulate_rows.cuh).
struct module_kernels
{
    const gbgpu_cuda_module *m ;

    size_t value_slot_bytes () const { return m->value_slot_bytes ; }
    size_t slot_bytes () const { return sizeof (uint32_t) + m->value_slot_bytes ; }
    cudaError_t allow_max_shared (int accumulator) const
    {
        if (m->max_shared_allowed [accumulator].load (std::memory_order_acquire)) return cudaSuccess ;
        CUfunction f ;
        GBGPU_TRY (kernel_of (&f, m, accumulator)) ;
        GBGPU_TRY (runtime_error (driver ()->func_set_attribute (f,
            CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, max_dynamic_shared ()))) ;
        m->max_shared_allowed [accumulator].store (true, std::memory_order_release) ;
        return cudaSuccess ;
    }
    cudaError_t launch (int accumulator, unsigned blocks, int threads, size_t shared,
        const hash_rows_args &args, const launch_shape &shape) const
    {
        CUfunction f ;
        GBGPU_TRY (kernel_of (&f, m, accumulator)) ;
        hash_rows_args a = args ;
        launch_shape s = shape ;
        void *params [ ] = { &a, &s } ;
        return runtime_error (driver ()->launch_kernel (f, blocks, 1, 1,
            (unsigned) threads, 1, 1, (unsigned) shared, (CUstream) stream (), params, nullptr)) ;
    }
} ;

cudaError_t module_fill (value_fill *f, const gbgpu_cuda_module *module)
{
    *f = value_fill { } ;
    if (module == nullptr) return cudaErrorInvalidValue ;
    f->module = module ;
    f->value_size = module->value_size ;
    f->value_slot_bytes = module->value_slot_bytes ;
    f->hash_only = module->hash_only ;
    // launches from this thread need the context the module lives in
    return use_runtime_context () ;
}

cudaError_t fill_rows_with_module (const hash_rows_args &args, const gbgpu_cuda_module *module)
{
    // a hash set has the global tables' code alone (hash_rows.cuh): a row
    // binned for a shared table would be left unfilled, so the call fails
    // to the CPU rather than run (spgemm.cu bins none so)
    if (module->hash_only)
        for (int b = 0 ; b < N_SHARED_BINS ; b++)
            if (args.bins->rows [b] > 0) return cudaErrorInvalidValue ;
    return accumulate_rows_with <true> (args, module_kernels { module }) ;
}

}   // namespace gbgpu

using namespace gbgpu ;

extern "C" int gbgpu_cuda_device_arch (int device)
{
    int major = 0, minor = 0 ;
    if (cudaDeviceGetAttribute (&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess
     || cudaDeviceGetAttribute (&minor, cudaDevAttrComputeCapabilityMinor, device) != cudaSuccess)
    {
        (void) cudaGetLastError () ;
        return 0 ;
    }
    return 10 * major + minor ;
}

extern "C" bool gbgpu_cuda_module_hash_only (const gbgpu_cuda_module *module)
{
    return module != nullptr && module->hash_only ;
}

extern "C" gbgpu_cuda_status gbgpu_cuda_module_load (gbgpu_cuda_module **module,
    const void *cubin, const char *const kernel_names [GBGPU_CUDA_MODULE_KERNELS],
    size_t value_size, size_t value_slot_bytes)
{
    *module = nullptr ;
    gbgpu_cuda_module *m = new (std::nothrow) gbgpu_cuda_module { } ;
    if (m == nullptr) return status_of (cudaErrorMemoryAllocation) ;
    cudaError_t e = use_runtime_context () ;
    if (e == cudaSuccess) e = runtime_error (driver ()->module_load_data (&m->module, cubin)) ;
    for (int k = 0 ; k < GBGPU_CUDA_MODULE_KERNELS && e == cudaSuccess ; k++)
    {
        if (kernel_names [k][0] == '\0') m->hash_only = true ;
        else if ((m->names [k] = strdup (kernel_names [k])) == nullptr) e = cudaErrorMemoryAllocation ;
    }
    // the hash kernel, which takes every row, now: a module without it is no module
    CUfunction hash ;
    if (e == cudaSuccess) e = kernel_of (&hash, m, GBGPU_ACCUMULATOR_HASH) ;
    if (e == cudaErrorInvalidDeviceFunction) e = cudaErrorInvalidKernelImage ;
    if (e != cudaSuccess)
    {
        if (m->module != nullptr) (void) driver ()->module_unload (m->module) ;
        for (char *name : m->names) free (name) ;
        delete m ;
        return status_of (e) ;
    }
    m->value_size = value_size ;
    m->value_slot_bytes = value_slot_bytes ;
    *module = m ;
    return GBGPU_CUDA_OK ;
}

/* gpu_calibrate.cu - the microbenchmarks behind `mcsim calibrate --backend
 * gpu`: an empty kernel's launch and copies of 1 KB .. 1 GB, event-timed. */
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <vector>
#include "gpu_calibrate.h"

__global__ void empty_kernel() {}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

extern "C" int mcs_gpu_launch_seconds(int device, int reps, double *seconds)
{
    cudaError_t e;
    cudaStream_t s = NULL;
    cudaEvent_t a = NULL, b = NULL;
    std::vector<double> t;
    if ((e = cudaSetDevice(device)) != cudaSuccess ||
        (e = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)) != cudaSuccess ||
        (e = cudaEventCreate(&a)) != cudaSuccess || (e = cudaEventCreate(&b)) != cudaSuccess)
        goto done;
    for (int i = 0; i < reps + 10; i++) { /* the first launches load the module: not counted */
        float ms = 0;
        cudaEventRecord(a, s);
        empty_kernel<<<1, 32, 0, s>>>();
        cudaEventRecord(b, s);
        if ((e = cudaEventSynchronize(b)) != cudaSuccess ||
            (e = cudaEventElapsedTime(&ms, a, b)) != cudaSuccess)
            goto done;
        if (i >= 10)
            t.push_back(ms * 1e-3);
    }
    *seconds = median(t);
done:
    if (a) cudaEventDestroy(a);
    if (b) cudaEventDestroy(b);
    if (s) cudaStreamDestroy(s);
    return (int)e;
}

extern "C" int mcs_gpu_copy_seconds(int device, int to_device, int pinned, const size_t *bytes,
                                    int n, int reps, double *seconds)
{
    cudaError_t e;
    cudaStream_t s = NULL;
    cudaEvent_t a = NULL, b = NULL;
    void *dev = NULL, *host = NULL;
    size_t most = bytes[n - 1];
    if ((e = cudaSetDevice(device)) != cudaSuccess ||
        (e = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)) != cudaSuccess ||
        (e = cudaEventCreate(&a)) != cudaSuccess || (e = cudaEventCreate(&b)) != cudaSuccess ||
        (e = cudaMalloc(&dev, most)) != cudaSuccess)
        goto done;
    if (pinned)
        e = cudaMallocHost(&host, most);
    else if (!(host = malloc(most)))
        e = cudaErrorMemoryAllocation;
    if (e != cudaSuccess)
        goto done;
    memset(host, 1, most); /* touch every page: no first-touch faults in the timing */
    for (int k = 0; k < n; k++) {
        std::vector<double> t;
        for (int i = 0; i < reps + 1; i++) { /* one unmeasured copy first */
            float ms = 0;
            cudaEventRecord(a, s);
            if (to_device)
                e = cudaMemcpyAsync(dev, host, bytes[k], cudaMemcpyHostToDevice, s);
            else
                e = cudaMemcpyAsync(host, dev, bytes[k], cudaMemcpyDeviceToHost, s);
            cudaEventRecord(b, s);
            if (e != cudaSuccess || (e = cudaEventSynchronize(b)) != cudaSuccess ||
                (e = cudaEventElapsedTime(&ms, a, b)) != cudaSuccess)
                goto done;
            if (i > 0)
                t.push_back(ms * 1e-3);
        }
        seconds[k] = median(t);
    }
done:
    if (pinned && host)
        cudaFreeHost(host);
    else
        free(host);
    if (dev) cudaFree(dev);
    if (a) cudaEventDestroy(a);
    if (b) cudaEventDestroy(b);
    if (s) cudaStreamDestroy(s);
    return (int)e;
}

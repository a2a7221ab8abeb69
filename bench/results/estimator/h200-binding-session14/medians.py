# medians.py [CONFIG...]: median [min-max] of a phase (PH=simulate|write|total, ms) per binding
# (default, close, spread), mode and size, over the 3 rounds x 2 repeats; run where sweeps.tgz was unpacked
PH='simulate'
import os
PH=os.environ.get('PH','simulate')
import h5py,numpy as np,glob,collections,sys
for cfg in sys.argv[1:]:
    g=collections.defaultdict(list)
    for fn in glob.glob(f'{cfg}-*-r*.h5'):
        pol=fn.split('-')[1]
        for x in h5py.File(fn)['runs'][:]:
            g[(pol,x['mode'].decode(),int(x['paths']))].append(x[PH]*1e3)
    print(cfg)
    for mode in ('cold','warm'):
        for pol in ('default','close','spread'):
            row=[f"{n:.0e}:{np.median(v):.3f}[{np.min(v):.2f}-{np.max(v):.2f}]" for (p,m,n),v in sorted(g.items()) if p==pol and m==mode]
            print(f"  {mode} {pol:8s}", '  '.join(row))

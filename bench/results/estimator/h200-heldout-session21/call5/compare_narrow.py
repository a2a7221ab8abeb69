#!/usr/bin/python3
"""Call 5: warm GPU simulate of per-thread multi-asset sweeps against `mcsim estimate` with
the same machine's profile (new) and with that profile less its narrow_path_ps and
narrow_top_path_ps keys (old: the narrow steps holding the path's growth), then the medians.
usage: compare_narrow.py MCSIM PROFILE SWEEP_DIR REPO   (SWEEP_DIR: mc/ of call5/mc.tgz)"""
import glob,json,os,subprocess,sys,re,tempfile
import h5py,numpy as np
mcsim,prof,d,repo=sys.argv[1:5]
old=tempfile.NamedTemporaryFile('w',suffix='.ini',delete=False)
old.writelines(l for l in open(prof) if not re.match(r'narrow_(top_)?path_ps', l)); old.close()
profiles={'new':prof,'old':old.name}
res={}
for fn in sorted(glob.glob(d+'/*.h5')):
    name=os.path.basename(fn)[:-3]
    m=re.match(r'(basket|best_of|worst_of)(\d+)-(\d+)-(single|double|mrg)',name); cfg,a,s,q=m.groups()
    sets=['--set',f'simulation.steps={s}','--set',f'model.assets={a}','--set','model.spots=100','--set','model.volatilities=0.25']
    if q=='mrg': sets+=['--set','simulation.precision=single','--set','simulation.rng=mrg32k3a']
    else: sets+=['--set',f'simulation.precision={q}','--set','simulation.rng=philox']
    base='basket' if cfg=='basket' else 'best_of'
    if cfg!='basket': sets+=['--set','model.dividends=0']
    if cfg=='worst_of': sets+=['--set','option.payoff=worst_of']
    r=h5py.File(fn,'r')['runs'][:]
    row={}
    for k,prof in profiles.items():
        errs=[]
        for n in sorted(set(r['paths'])):
            med=np.median(r['simulate'][r['paths']==n])
            d=json.loads(subprocess.run([mcsim,'estimate',f'{repo}/configs/{base}.ini','--profile',prof,'--paths',str(n),'--format','json']+sets,capture_output=True,text=True).stdout)
            errs.append(d['warm']['gpu']['phases']['simulate']/med-1)
        row[k]=errs
    res[name]=row
    print(f"{name:22s} new "+' '.join(f"{e*100:+6.1f}%" for e in row['new'])+"   old "+' '.join(f"{e*100:+6.1f}%" for e in row['old']))
import math
for k in ('new','old'):
    allv=[abs(math.log(1+e)) for row in res.values() for e in row[k]]
    allv.sort(); n=len(allv)
    print(k, 'n', n, 'median', f"{(math.exp(allv[n//2])-1)*100:.1f}%", 'p90', f"{(math.exp(allv[int(0.9*n)])-1)*100:.1f}%", 'worst', f"{(math.exp(allv[-1])-1)*100:.1f}%")
    for s in ('1','16','252'):
        v=sorted(abs(math.log(1+e)) for name,row in res.items() if re.match(rf'.*-{s}-',name) for e in row[k])
        print('   steps',s,'median',f"{(math.exp(v[len(v)//2])-1)*100:.1f}%",'p90',f"{(math.exp(v[int(0.9*len(v))])-1)*100:.1f}%")

#!/usr/bin/python3
"""Call 4: warm GPU simulate per path of per-thread best-of and basket jobs (2, 5, 12 assets,
single and double, philox) at 1 to 252 steps (20M paths below 64 steps, 4M from 64), against
`mcsim estimate` with call 3's profile; the path and step from the 1- and 8-step runs.
usage: steps.py MCSIM PROFILE SWEEP_DIR REPO   (SWEEP_DIR: st/ of call4/st.tgz)"""
import glob,json,subprocess,sys,re
import h5py,numpy as np
mcsim,prof,d,repo=sys.argv[1:5]
for cfg in ['best_of','basket']:
  for a in (2,5,12):
    for prec in ('single','double'):
      rows=[]; pts=[]
      for s in (1,2,4,8,16,64,252):
        f=f'{d}/{cfg}-{a}-{prec}-{s}.h5'
        r=h5py.File(f,'r')['runs'][:]; n=int(r['paths'][0]); med=np.median(r['simulate'])
        pts.append((s,med/n*1e12))
        sets=['--set',f'simulation.precision={prec}','--set','simulation.rng=philox','--set',f'simulation.steps={s}','--set',f'model.assets={a}','--set','model.spots=100','--set','model.volatilities=0.25','--set','model.dividends=0']
        dd=json.loads(subprocess.run([mcsim,'estimate',f'{repo}/configs/{cfg}.ini','--profile',prof,'--paths',str(n),'--format','json']+sets,capture_output=True,text=True).stdout)
        pred=dd['warm']['gpu']['phases']['simulate']
        rows.append(f"{s}:{med/n*1e12:7.1f}ps({(pred/med-1)*100:+5.1f}%)")
      # pair estimate from 1 and 8 steps
      p1=dict(pts); step=(p1[8]-p1[1])/7; path=p1[1]-step
      print(f"{cfg:7s} a={a:2d} {prec:6s} "+' '.join(rows)+f"  | 1&8: path {path:.1f} step {step:.2f}; 16&252: step {(p1[252]-p1[16])/236:.2f}")

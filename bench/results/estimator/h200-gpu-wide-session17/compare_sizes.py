# measured warm simulate medians per size vs mcsim estimate's warm gpu simulate
import h5py, sys, json, subprocess, statistics as st
prof=sys.argv[1]; mcsim=sys.argv[2]
for name, cfg, sets in [l.split('|') for l in sys.argv[3:]]:
    r=h5py.File('/tmp/sw/%s.h5'%name)['runs'][:]
    by={}
    for x in r: by.setdefault(int(x['paths']),[]).append(x['simulate'])
    out=[]
    for n in sorted(by):
        cmd=[mcsim,'estimate','configs/%s.ini'%cfg,'--paths',str(n),'--profile',prof,'-f','json','-q']+sets.split()
        d=json.loads(subprocess.run(cmd,capture_output=True,text=True,cwd='/work/main').stdout)
        p=d['warm']['gpu']['phases']['simulate']; m=st.median(by[n])
        out.append('%g: m %.4g p %.4g (%+.0f%%)'%(n,m,p,100*(p/m-1)))
    print(name, ' | '.join(out))

import { describe, expect, it } from 'vitest';
import { chooseDataDisk, mountOf, parseMountInfo } from '../data-disk.js';

// /proc/self/mountinfo of a machine whose /tmp is in memory, as the kernel writes it.
const MOUNTINFO = [
  '22 1 252:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard',
  '23 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw',
  '24 22 0:5 / /dev rw,nosuid shared:2 - devtmpfs udev rw,size=4014128k',
  '30 22 0:26 / /tmp rw,nosuid,nodev shared:14 - tmpfs tmpfs rw,size=2G',
  '31 22 252:16 / /srv/fast\\040disk rw,relatime shared:15 - xfs /dev/vdb rw',
  '32 22 0:27 / /tmpdata rw shared:16 - ext4 /dev/vdc rw',
  '',
].join('\n');

describe('the data disk', () => {
  const mounts = parseMountInfo(MOUNTINFO);

  it('when mountinfo is read, then each mount gives its point, type and source, spaces unescaped', () => {
    expect(mounts).toHaveLength(6);
    expect(mounts[4]).toEqual({ mountPoint: '/srv/fast disk', fsType: 'xfs', source: '/dev/vdb' });
  });

  it('when a path lies under several mount points, then the longest one holding it is its mount', () => {
    expect(mountOf('/tmp/bench-orders-1', mounts)!.fsType).toBe('tmpfs');
    expect(mountOf('/tmpdata/x', mounts)!.source).toBe('/dev/vdc');
    expect(mountOf('/tmpx', mounts)!.fsType).toBe('ext4');
    expect(mountOf('/srv/fast disk/orders', mounts)!.fsType).toBe('xfs');
  });

  it('when a later mount hides an earlier one at the same point, then the later one holds the path', () => {
    const hidden = parseMountInfo(`${MOUNTINFO}40 30 0:30 / /tmp rw - ext4 /dev/vdd rw\n`);
    expect(mountOf('/tmp/bench-orders-1', hidden)!.source).toBe('/dev/vdd');
  });

  it('when the temporary directory is held in memory, then the data dirs go to the next candidate on a disk', () => {
    const disk = chooseDataDisk(['/tmp', '/var/tmp', '/work/repo/bench/results'], mounts);
    expect(disk).toMatchObject({ root: '/var/tmp', fsType: 'ext4', source: '/dev/vda', inMemory: false });
  });

  it('when every candidate is held in memory, then the first is given, marked so', () => {
    expect(chooseDataDisk(['/tmp/a', '/tmp/b'], mounts)).toMatchObject({ root: '/tmp/a', fsType: 'tmpfs', inMemory: true });
  });
});

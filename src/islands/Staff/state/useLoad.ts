/** A screen's data: loaded when shown and on reload(), with progress and the server's message on failure. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { staffCall } from './api.ts';

export function useLoad<T>(path: string, body: object = {}) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const key = JSON.stringify(body);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    const answer = await staffCall<T>(path, JSON.parse(key));
    if (call !== latest.current || answer.ended) return;
    setLoading(false);
    if (answer.ok && answer.Data) {
      setData(answer.Data);
      setFailure(null);
    } else setFailure(answer.Message || 'Something went wrong.');
  }, [path, key]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, loading, failure, reload };
}

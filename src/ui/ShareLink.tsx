import { useId, useState } from 'react';
import type { Configuration } from '../domain/configuration';
import { useUiOptions } from './options-context';
import { useConfiguratorStore, useIsCurrentConfiguration } from './store-context';

interface Shared {
  configuration: Configuration;
  url: string;
  copied: boolean;
}

/**
 * A link to the host page that restores these choices. It is
 * copied to the clipboard where the page allows it, and always shown in a field to copy by hand.
 * The link shown belongs to the choices it was made for; any change puts it away.
 */
export function ShareLink() {
  const { share } = useUiOptions();
  const store = useConfiguratorStore();
  const [shared, setShared] = useState<Shared>();
  const [failed, setFailed] = useState(false);
  const current = useIsCurrentConfiguration(shared?.configuration) ? shared : undefined;
  const fieldId = useId();
  if (!share) return null;

  const onShare = async () => {
    const { configuration } = store.getState();
    let url: string;
    try {
      url = await share.link(configuration);
    } catch {
      setFailed(true);
      return;
    }
    setFailed(false);
    setShared({ configuration, url, copied: await share.copy(url) });
  };

  return (
    <div className="evc-share">
      <button type="button" className="evc-secondary" onClick={() => void onShare()}>
        Share this configuration
      </button>
      <p className="evc-action-status" role="status">
        {failed ? 'The link could not be made. Press the button to try again.' : current && (current.copied ? 'Link copied to the clipboard.' : 'Copy the link below to share this configuration.')}
      </p>
      {current && (
        <div className="evc-field evc-share-field">
          <label htmlFor={fieldId}>Link to this configuration</label>
          <input id={fieldId} type="url" readOnly value={current.url} onFocus={(event) => event.currentTarget.select()} />
        </div>
      )}
    </div>
  );
}

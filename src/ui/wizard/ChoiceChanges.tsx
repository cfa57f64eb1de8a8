import { useState } from 'react';
import { choiceChanges } from '../../domain/choice-changes';
import { useConfigurator } from '../store-context';

/**
 * A polite live region beside the cable or installation choice: what that choice changed besides
 * itself, and why, so nothing changes silently. It is there, empty, before the first choice, so the
 * first message is announced.
 */
export function ChoiceChanges() {
  const catalogue = useConfigurator((state) => state.catalogue);
  const configuration = useConfigurator((state) => state.configuration);
  const [seen, setSeen] = useState(configuration);
  const [message, setMessage] = useState('');
  // Worked out while rendering, from the configuration this region last saw (React's pattern for state that follows a value).
  if (seen !== configuration) {
    setSeen(configuration);
    if (seen.cable !== configuration.cable || seen.installation !== configuration.installation) {
      setMessage(choiceChanges(catalogue, seen, configuration).join(' '));
    }
  }
  return (
    <p className="evc-choice-changes" role="status">
      {message}
    </p>
  );
}

// A chat app page script as an application writes it: useChat from the AI SDK, answers through StreamingMarkdown.
import './chat-jitless.js';
import { useChat } from '@ai-sdk/react';
import { useState, type SubmitEvent, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { defineEgressPolicy } from 'agent-airlock/browser';
import { StreamingMarkdown } from 'agent-airlock/react';

const policy = defineEgressPolicy({ hosts: ['tickets.example.com'] });

function Chat(): ReactElement {
  const { messages, sendMessage, status } = useChat();
  const [input, setInput] = useState('');
  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    void sendMessage({ text: input });
    setInput('');
  };
  return (
    <>
      {messages.map((message) => (
        <section key={message.id} data-role={message.role}>
          {message.parts.map((part, index) => {
            if (part.type !== 'text') return null;
            if (message.role === 'user') return <p key={index}>{part.text}</p>;
            return (
              <StreamingMarkdown
                key={index}
                text={part.text}
                done={part.state !== 'streaming'}
                policy={policy}
              />
            );
          })}
        </section>
      ))}
      <form onSubmit={submit} data-status={status}>
        <input
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
          }}
        />
        <button type="submit">Send</button>
      </form>
    </>
  );
}

createRoot(document.getElementById('app') as HTMLElement).render(<Chat />);
